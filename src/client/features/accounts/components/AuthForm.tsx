import { useId, useState, type SubmitEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { errorField, errorMessage, sanctionOf } from '../../../lib/errorMessages';
import { SuspensionNotice } from '../../sanctions/public';
import { TextField } from '../../../components/TextField';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../../../../shared/constants';
import { redirectTarget } from '../../../app/guards';
import { useAuthMutation, type AuthMode } from '../mutations';
import { usePublicConfig } from '../queries';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

const COPY: Record<AuthMode, { title: string; intro: string; submit: string; submitting: string }> =
  {
    login: {
      title: 'Welcome back, high roller',
      intro: 'Sign in to place bets, claim rewards and check how rich you pretend to be.',
      submit: 'Sign In',
      submitting: 'Signing in…',
    },
    register: {
      title: 'Join Fair & Square',
      intro: 'Create an account and get a pile of play coins to lose with dignity.',
      submit: 'Register',
      submitting: 'Signing up…',
    },
  };

/** History state of the auth screens: the guard's return-to page, plus the name typed so far. */
interface AuthState {
  from?: unknown;
  username?: unknown;
}

function readAuthState(state: unknown): AuthState {
  return typeof state === 'object' && state !== null ? (state as AuthState) : {};
}

/** Spec section 2: one form for both modes; a link swaps between them. */
export function AuthForm({ mode }: { mode: AuthMode }) {
  const ids = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const auth = useAuthMutation(mode);
  const carried = readAuthState(location.state);
  // Switching between login and register is a new screen; the name typed on the last one comes along.
  const [username, setUsername] = useState(() =>
    typeof carried.username === 'string' ? carried.username : '',
  );
  const [password, setPassword] = useState('');
  // An invite link (/register?invite=CODE) fills the code in.
  const [search] = useSearchParams();
  const [inviteCode, setInviteCode] = useState(() => search.get('invite') ?? '');
  const [waiting, setWaiting] = useState<string | null>(null);
  const registration = usePublicConfig().data?.registrationMode ?? 'open';
  // Two-factor sign-in: asked for once the server says the password alone is not enough.
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  // After registering: the recovery codes, shown once before going on.
  const [codes, setCodes] = useState<{ username: string; codes: string[] } | null>(null);
  const copy = COPY[mode];
  const refusedField = errorField(auth.error);
  // A suspended player signs in to learn why, and may appeal from here.
  const suspension = mode === 'login' ? sanctionOf(auth.error) : null;
  const errorId = `${ids}-error`;
  // Carried through the mode-switch link so a register detour still returns to the guarded page.
  const fromState: unknown = location.state;
  const switchState: AuthState = { ...carried, username };

  // A refusal speaks of what was sent: once its field (or, for one naming no field, either field)
  // changes, it no longer describes the form and would only mislead.
  function edited(
    field: 'username' | 'password' | 'inviteCode' | 'code',
    set: (value: string) => void,
  ) {
    return (value: string) => {
      set(value);
      if (auth.error && !auth.isPending && (refusedField === field || refusedField === null))
        auth.reset();
    };
  }
  // The server's rules, shown before the first attempt rather than learnt from a refusal; a
  // refusal of the field takes their place while it stands, so it is read alone.
  const rule = (field: 'username' | 'password', text: string) =>
    mode === 'register' && refusedField !== field ? text : undefined;

  const goOn = () => void navigate(redirectTarget(fromState), { replace: true });

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    auth.mutate(
      {
        username: username.trim(),
        password,
        ...(mode === 'register' && registration === 'invite'
          ? { inviteCode: inviteCode.trim() }
          : {}),
        ...(mode === 'login' && askCode && code.trim() ? { code } : {}),
      },
      {
        onSuccess: (answer) => {
          if ('pending' in answer) setWaiting(answer.message);
          else if ('recoveryCodes' in answer)
            setCodes({ username: answer.user.username, codes: answer.recoveryCodes });
          else goOn();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'TOTP_REQUIRED') setAskCode(true);
        },
      },
    );
  }

  if (codes)
    return (
      <section className="card mx-auto w-full max-w-lg">
        <RecoveryCodesPanel
          username={codes.username}
          codes={codes.codes}
          onDone={goOn}
          heading="h1"
        />
      </section>
    );

  if (mode === 'register' && (registration === 'closed' || waiting)) {
    return (
      <section className="card mx-auto w-full max-w-md">
        <h1 className="font-display text-2xl font-extrabold text-white sm:text-3xl">
          {waiting ? 'Almost there' : 'Registration is closed'}
        </h1>
        <p className="mt-2 text-slate-300" role="status">
          {waiting ??
            'This site is not taking new players right now. If you already have an account, sign in.'}
        </p>
        <p className="mt-6 text-center text-sm text-slate-400">
          <Link to="/login" className="font-semibold text-amber-300 hover:underline">
            Log in
          </Link>
        </p>
      </section>
    );
  }

  return (
    <section className="card mx-auto w-full max-w-md">
      <h1 className="font-display text-2xl font-extrabold text-white sm:text-3xl">{copy.title}</h1>
      <p className="mt-1 mb-6 text-slate-400">{copy.intro}</p>

      <form
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label={mode === 'login' ? 'Sign in' : 'Register'}
      >
        <TextField
          id={`${ids}-username`}
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          error={refusedField === 'username'}
          aria-describedby={refusedField === 'username' ? errorId : undefined}
          hint={rule('username', `${USERNAME_MIN}-${USERNAME_MAX} letters, digits, _ and -`)}
          onValueChange={edited('username', setUsername)}
        />
        <TextField
          id={`${ids}-password`}
          label="Password"
          type="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          value={password}
          error={refusedField === 'password'}
          aria-describedby={refusedField === 'password' ? errorId : undefined}
          hint={rule('password', `${PASSWORD_MIN}-${PASSWORD_MAX} characters`)}
          onValueChange={edited('password', setPassword)}
        />
        {mode === 'login' && (
          <Link
            to="/recover"
            state={{ username }}
            className="-mt-2 self-end text-sm font-semibold text-amber-300 hover:underline"
          >
            Forgot password?
          </Link>
        )}
        {askCode && (
          <TextField
            id={`${ids}-code`}
            label="Two-factor code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            value={code}
            error={refusedField === 'code'}
            hint="The 6-digit code from your authenticator app, or one of your recovery codes."
            onValueChange={edited('code', setCode)}
          />
        )}
        {mode === 'register' && registration === 'invite' && (
          <TextField
            id={`${ids}-invite`}
            label="Invite code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={inviteCode}
            error={refusedField === 'inviteCode'}
            aria-describedby={refusedField === 'inviteCode' ? errorId : undefined}
            hint={
              refusedField === 'inviteCode'
                ? undefined
                : 'Registration here is by invitation: paste the code you were given'
            }
            onValueChange={edited('inviteCode', setInviteCode)}
          />
        )}
        {mode === 'register' && registration === 'approval' && (
          <p className="rounded-xl border border-sky-500/40 bg-sky-950/50 px-3 py-2 text-sm text-sky-100">
            New accounts here wait for an admin’s approval: you can sign in once yours is approved.
          </p>
        )}

        {!suspension && auth.error && (
          <p
            id={errorId}
            role="alert"
            className="rounded-xl border border-rose-500/60 bg-rose-950/70 px-3 py-2 text-sm text-rose-100"
          >
            {errorMessage(auth.error, 'Something went wrong')}
          </p>
        )}

        <button type="submit" className="btn-primary py-2.5 text-base" disabled={auth.isPending}>
          {auth.isPending ? copy.submitting : copy.submit}
        </button>
      </form>
      {/* Its appeal is a form of its own, so it follows the sign-in form instead of nesting. */}
      {suspension && (
        <div className="mt-4">
          <SuspensionNotice suspension={suspension} username={username} password={password} />
        </div>
      )}

      <p className="mt-6 text-center text-sm text-slate-400">
        {mode === 'login' ? (
          <>
            New here?{' '}
            <Link
              to="/register"
              state={switchState}
              className="font-semibold text-amber-300 hover:underline"
            >
              Register
            </Link>
          </>
        ) : (
          <>
            Already have an account?{' '}
            <Link
              to="/login"
              state={switchState}
              className="font-semibold text-amber-300 hover:underline"
            >
              Log in
            </Link>
          </>
        )}
      </p>
    </section>
  );
}
