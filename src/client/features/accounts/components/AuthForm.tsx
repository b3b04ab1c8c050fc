import { useId, useState, type SubmitEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { redirectTarget } from '../../../app/guards';
import { useAuthMutation, type AuthMode } from '../mutations';

const COPY: Record<AuthMode, { title: string; intro: string; submit: string; submitting: string }> = {
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

/** Spec section 2: one form for both modes; a link swaps between them. */
export function AuthForm({ mode }: { mode: AuthMode }) {
  const ids = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const auth = useAuthMutation(mode);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const copy = COPY[mode];
  // Carried through the mode-switch link so a register detour still returns to the guarded page.
  const fromState: unknown = location.state;

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    auth.mutate(
      { username: username.trim(), password },
      { onSuccess: () => void navigate(redirectTarget(fromState), { replace: true }) },
    );
  }

  return (
    <section className="card mx-auto w-full max-w-md">
      <h1 className="font-display text-2xl font-extrabold text-white sm:text-3xl">{copy.title}</h1>
      <p className="mt-1 mb-6 text-slate-400">{copy.intro}</p>

      <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={mode === 'login' ? 'Sign in' : 'Register'}>
        <div>
          <label htmlFor={`${ids}-username`} className="label">
            Username
          </label>
          <input
            id={`${ids}-username`}
            className="input"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-password`} className="label">
            Password
          </label>
          <input
            id={`${ids}-password`}
            type="password"
            className="input"
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>

        {auth.error && (
          <p role="alert" className="rounded-xl border border-rose-500/60 bg-rose-950/70 px-3 py-2 text-sm text-rose-100">
            {errorMessage(auth.error, 'Something went wrong')}
          </p>
        )}

        <button type="submit" className="btn-primary py-2.5 text-base" disabled={auth.isPending}>
          {auth.isPending ? copy.submitting : copy.submit}
        </button>
      </form>

      <p className="mt-6 text-center text-sm text-slate-400">
        {mode === 'login' ? (
          <>
            New here?{' '}
            <Link to="/register" state={fromState} className="font-semibold text-amber-300 hover:underline">
              Register
            </Link>
          </>
        ) : (
          <>
            Already have an account?{' '}
            <Link to="/login" state={fromState} className="font-semibold text-amber-300 hover:underline">
              Log in
            </Link>
          </>
        )}
      </p>
    </section>
  );
}
