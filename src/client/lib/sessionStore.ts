import type { UserDto } from '../../shared/api/accounts';

/** Spec section 3 and 9: the token and the user object live in local storage. */
const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export interface Session {
  token: string;
  user: UserDto | null;
}

type Listener = () => void;

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be blocked (privacy modes); the app then just acts signed out.
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // See readStorage: losing persistence is acceptable, crashing is not.
  }
}

function parseUser(raw: string | null): UserDto | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { username?: unknown }).username === 'string'
    ) {
      return value as UserDto;
    }
  } catch {
    // A corrupt entry is treated like a missing one; the stats refresh replaces it.
  }
  return null;
}

function load(): Session | null {
  const token = readStorage(TOKEN_KEY);
  return token ? { token, user: parseUser(readStorage(USER_KEY)) } : null;
}

export interface SessionState {
  session: Session | null;
  /** The path the user was on when they chose to leave (logout, deletion); null after an expiry. */
  signedOutAt: string | null;
}

let state: SessionState = {
  session: typeof window === 'undefined' ? null : load(),
  signedOutAt: null,
};
const listeners = new Set<Listener>();

function set(next: SessionState): void {
  state = next;
  emit();
}

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * An external store (for useSyncExternalStore) so the fetch client can read the token
 * outside React, and other tabs signing in or out are picked up through `storage` events.
 */
export const sessionStore = {
  getState: (): SessionState => state,
  get: (): Session | null => state.session,
  getToken: (): string | null => state.session?.token ?? null,
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  signIn: (token: string, user: UserDto): void => {
    writeStorage(TOKEN_KEY, token);
    writeStorage(USER_KEY, JSON.stringify(user));
    set({ session: { token, user }, signedOutAt: null });
  },
  setUser: (user: UserDto): void => {
    if (!state.session) return;
    writeStorage(USER_KEY, JSON.stringify(user));
    set({ session: { token: state.session.token, user }, signedOutAt: null });
  },
  /** Forgets where the user signed out once they have moved on; see app/guards.tsx. */
  forgetSignOut: (): void => {
    if (state.signedOutAt !== null) set({ session: state.session, signedOutAt: null });
  },
  clear: (byUser = false): void => {
    writeStorage(TOKEN_KEY, null);
    writeStorage(USER_KEY, null);
    const signedOutAt = byUser ? window.location.pathname : null;
    if (state.session === null && state.signedOutAt === signedOutAt) return;
    set({ session: null, signedOutAt });
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== TOKEN_KEY && event.key !== USER_KEY) return;
    set({ session: load(), signedOutAt: null });
  });
}
