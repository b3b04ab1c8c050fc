import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../shared/constants';
import { TextField } from '../../../components/TextField';
import { CONNECTION_ERROR, errorField, errorMessage } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import { PasswordStrengthMeter } from '../components/PasswordStrengthMeter';
import { useRecoverMutation, useResetMutation } from '../mutations';

const SIGNED_IN_AGAIN = 'New password set. Every other sign-in of this account has ended.';

function Frame({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card mx-auto w-full max-w-md">
      <h1 className="font-display text-2xl font-extrabold text-white sm:text-3xl">{title}</h1>
      <p className="mt-1 mb-6 text-slate-400">{intro}</p>
      {children}
    </section>
  );
}

function Refusal({ id, error, fallback }: { id: string; error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <p
      id={id}
      role="alert"
      className="rounded-xl border border-rose-500/60 bg-rose-950/70 px-3 py-2 text-sm text-rose-100"
    >
      {errorMessage(error, fallback, CONNECTION_ERROR)}
    </p>
  );
}

function NewPasswordField({
  id,
  value,
  refused,
  errorId,
  onValueChange,
}: {
  id: string;
  value: string;
  refused: boolean;
  errorId: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <div>
      <TextField
        id={id}
        label="New password"
        type="password"
        autoComplete="new-password"
        value={value}
        error={refused}
        aria-describedby={refused ? errorId : undefined}
        hint={refused ? undefined : `${PASSWORD_MIN}-${PASSWORD_MAX} characters`}
        onValueChange={onValueChange}
      />
      <PasswordStrengthMeter password={value} />
    </div>
  );
}

/** /recover: a recovery code in place of the forgotten password. */
export function RecoverPage() {
  const ids = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const recover = useRecoverMutation();
  const carried = (location.state as { username?: unknown } | null)?.username;
  const [username, setUsername] = useState(typeof carried === 'string' ? carried : '');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const refused = errorField(recover.error);
  const errorId = `${ids}-error`;
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (recover.error && !recover.isPending) recover.reset();
  };

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    recover.mutate(
      { username: username.trim(), code, newPassword },
      {
        onSuccess: () => {
          notify.success(SIGNED_IN_AGAIN);
          void navigate('/profile', { replace: true });
        },
      },
    );
  }

  return (
    <Frame
      title="Forgot your password?"
      intro="Use one of the recovery codes you saved when you signed up. Each code works once."
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Recover account">
        <TextField
          id={`${ids}-username`}
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          error={refused === 'username'}
          onValueChange={edited(setUsername)}
        />
        <TextField
          id={`${ids}-code`}
          label="Recovery code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="xxxx-xxxx-xxxx-xxxx"
          value={code}
          error={refused === 'code'}
          onValueChange={edited(setCode)}
        />
        <NewPasswordField
          id={`${ids}-password`}
          value={newPassword}
          refused={refused === 'newPassword'}
          errorId={errorId}
          onValueChange={edited(setNewPassword)}
        />
        <Refusal id={errorId} error={recover.error} fallback="Something went wrong" />
        <button type="submit" className="btn-primary py-2.5 text-base" disabled={recover.isPending}>
          {recover.isPending ? 'Setting it…' : 'Set new password'}
        </button>
      </form>
      <p className="mt-6 text-sm text-slate-400">
        No codes left? An admin can give you a one-time reset link.{' '}
        <Link to="/login" className="font-semibold text-amber-300 hover:underline">
          Back to sign in
        </Link>
      </p>
    </Frame>
  );
}

/** /reset/:token: an admin's one-hour link. */
export function ResetPage() {
  const ids = useId();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const reset = useResetMutation();
  const [newPassword, setNewPassword] = useState('');
  const refused = errorField(reset.error);
  const errorId = `${ids}-error`;

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          notify.success(SIGNED_IN_AGAIN);
          void navigate('/profile', { replace: true });
        },
      },
    );
  }

  return (
    <Frame
      title="Set a new password"
      intro="This link came from an admin. It works once, within an hour, and also turns off two-factor sign-in."
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Reset password">
        <NewPasswordField
          id={`${ids}-password`}
          value={newPassword}
          refused={refused === 'newPassword'}
          errorId={errorId}
          onValueChange={(value) => {
            setNewPassword(value);
            if (reset.error && !reset.isPending) reset.reset();
          }}
        />
        <Refusal id={errorId} error={reset.error} fallback="Something went wrong" />
        <button type="submit" className="btn-primary py-2.5 text-base" disabled={reset.isPending}>
          {reset.isPending ? 'Setting it…' : 'Set new password'}
        </button>
      </form>
      <p className="mt-6 text-sm text-slate-400">
        <Link to="/login" className="font-semibold text-amber-300 hover:underline">
          Back to sign in
        </Link>
      </p>
    </Frame>
  );
}
