import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type {
  AuthResponse,
  PendingRegistration,
  RegisterResponse,
} from '../../../shared/api/accounts';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { leaderboardKeys } from '../leaderboard/public';
import { turnOffPush } from '../notifications/public';
import { accountKeys } from './queries';

export type AuthMode = 'login' | 'register';

export interface CredentialsInput {
  username: string;
  password: string;
  /** Registration by invitation (REGISTRATION_MODE=invite). */
  inviteCode?: string;
  /** Sign-in with two-factor on: the authenticator's code or a recovery code. */
  code?: string;
}

/** Signs in on a session; a registration waiting for approval has none and only answers words. */
export function useAuthMutation(mode: AuthMode) {
  const { signIn } = useSession();
  return useMutation({
    mutationFn: ({
      code,
      inviteCode,
      ...credentials
    }: CredentialsInput): Promise<AuthResponse | RegisterResponse | PendingRegistration> =>
      mode === 'login'
        ? api('POST /auth/login', { body: code ? { ...credentials, code } : credentials })
        : api('POST /auth/register', {
            body: inviteCode ? { ...credentials, inviteCode } : credentials,
          }),
    onSuccess: (auth) => {
      if ('token' in auth) signIn(auth);
    },
  });
}

/** A forgotten password replaced with a recovery code; the answer signs in like a login. */
export function useRecoverMutation() {
  const { signIn } = useSession();
  return useMutation({
    mutationFn: (body: { username: string; code: string; newPassword: string }) =>
      api('POST /auth/recover', { body }),
    onSuccess: (auth) => signIn(auth),
  });
}

/** A forgotten password replaced through an admin's reset link. */
export function useResetMutation() {
  const { signIn } = useSession();
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) => api('POST /auth/reset', { body }),
    onSuccess: (auth) => signIn(auth),
  });
}

/** The profile's security panel reads again after each of its changes. */
function useSecurityChange<I, R>(call: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: [...accountKeys.all, 'security'] }),
  });
}

export const useRegenerateCodesMutation = () =>
  useSecurityChange((password: string) =>
    api('POST /api/user/recovery-codes', { body: { password } }),
  );

export const useTotpSetupMutation = () => useSecurityChange(() => api('POST /api/user/2fa/setup'));

export const useTotpEnableMutation = () =>
  useSecurityChange((code: string) => api('POST /api/user/2fa/enable', { body: { code } }));

export const useTotpDisableMutation = () =>
  useSecurityChange((body: { password: string; code: string }) =>
    api('POST /api/user/2fa/disable', { body }),
  );

/** Only what changed travels (spec section 5); the caller decides what changed. */
export interface ProfileChanges {
  username?: string;
  password?: string;
  /** Required by the server with a new password, so a stolen token cannot take the account. */
  currentPassword?: string;
  image?: File;
}

export function hasChanges(changes: ProfileChanges): boolean {
  return (
    changes.username !== undefined || changes.password !== undefined || changes.image !== undefined
  );
}

function toProfileFormData(changes: ProfileChanges): FormData {
  const form = new FormData();
  if (changes.username !== undefined) form.set('username', changes.username);
  if (changes.password !== undefined) form.set('password', changes.password);
  if (changes.password !== undefined && changes.currentPassword !== undefined)
    form.set('currentPassword', changes.currentPassword);
  if (changes.image !== undefined) form.set('image', changes.image);
  return form;
}

export function useUpdateProfileMutation() {
  const { replaceUser } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) =>
      api('POST /api/user/update', { body: toProfileFormData(changes) }),
    onSuccess: (user) => {
      replaceUser(user);
      return queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}

/**
 * Which held cosmetic shows beside the name (null: the automatic choice). The user view, the
 * boards and the public profile all show it, so all are asked again.
 */
export function useChooseCosmeticMutation() {
  const { refreshUser } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string | null) => api('PUT /api/user/cosmetic', { body: { itemId } }),
    onSuccess: () =>
      Promise.all([
        refreshUser(),
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        queryClient.invalidateQueries({ queryKey: leaderboardKeys.all }),
      ]),
  });
}

/** Spec section 2: logging out or deleting the account ends on the home page. */
function useLeaveAndSignOut() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return async () => {
    signOut();
    await navigate('/', { replace: true });
  };
}

export function useLogoutMutation() {
  const leave = useLeaveAndSignOut();
  return useMutation({
    mutationFn: async () => {
      // While the token still works: a shared browser must not show the next player this one's pushes.
      await turnOffPush().catch(() => undefined);
      return api('POST /auth/logout');
    },
    // Signing out locally must work even when the server cannot be reached.
    onSettled: leave,
  });
}

export function useDeleteAccountMutation() {
  const leave = useLeaveAndSignOut();
  return useMutation({
    mutationFn: (password: string) => api('DELETE /api/user', { body: { password } }),
    // Here rather than at the call site: the page unmounts on leaving, dropping its callbacks.
    onSuccess: async () => {
      notify.success('Account nuked. Farewell, legend.');
      await leave();
    },
  });
}
