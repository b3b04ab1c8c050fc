import { useId, useState, type SubmitEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import type { TotpSetupDto } from '../../../../shared/api/recovery';
import { ErrorBanner, LoadingState } from '../../../components/States';
import { TextField } from '../../../components/TextField';
import { CONNECTION_ERROR, errorField, errorMessage } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import {
  useRegenerateCodesMutation,
  useTotpDisableMutation,
  useTotpEnableMutation,
  useTotpSetupMutation,
} from '../mutations';
import { useSecurityInfo } from '../queries';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

/** A refusal under the field it names, or under the form when it names none of them. */
function useRefusal(error: unknown, fallback: string, fields: readonly string[]) {
  const field = errorField(error);
  const text = error ? errorMessage(error, fallback, CONNECTION_ERROR) : null;
  const of = (name: string) => (field === name ? text : null);
  const general = text && (field === null || !fields.includes(field)) ? text : null;
  return { of, general };
}

function FormError({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="text-sm text-rose-300">
      {text}
    </p>
  ) : null;
}

function RecoveryCodes({ username, left }: { username: string; left: number }) {
  const ids = useId();
  const regenerate = useRegenerateCodesMutation();
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState<string[] | null>(null);
  const refusal = useRefusal(regenerate.error, 'Could not make new codes', ['password']);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    regenerate.mutate(password, {
      onSuccess: ({ codes }) => {
        setPassword('');
        setShown(codes);
      },
    });
  }

  if (shown)
    return (
      <RecoveryCodesPanel
        username={username}
        codes={shown}
        heading="h3"
        doneLabel="I saved them"
        onDone={() => setShown(null)}
      />
    );

  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold text-white">Recovery codes</h3>
      <p className="text-sm text-slate-300" data-testid="recovery-codes-left">
        {left === 0
          ? 'You have no recovery codes left. Make new ones so a forgotten password is not the end.'
          : `${left} of 10 recovery codes left. Making new ones replaces them all.`}
      </p>
      <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          id={`${ids}-password`}
          label="Your password"
          type="password"
          autoComplete="current-password"
          className="min-w-0 flex-1"
          value={password}
          error={refusal.of('password')}
          onValueChange={(value) => {
            setPassword(value);
            regenerate.reset();
          }}
        />
        <button type="submit" className="btn-secondary min-h-11" disabled={regenerate.isPending}>
          {regenerate.isPending ? 'Making…' : 'Make new codes'}
        </button>
      </form>
      <FormError text={refusal.general} />
    </div>
  );
}

function TurnOn() {
  const ids = useId();
  const setup = useTotpSetupMutation();
  const enable = useTotpEnableMutation();
  const [pending, setPending] = useState<TotpSetupDto | null>(null);
  const [code, setCode] = useState('');
  const refusal = useRefusal(enable.error ?? setup.error, 'Could not turn it on', ['code']);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    enable.mutate(code.trim(), {
      onSuccess: () => notify.success('Two-factor sign-in is on'),
    });
  }

  if (!pending)
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-300">
          Off. With it on, signing in also needs a code from an authenticator app (or a recovery
          code).
        </p>
        <button
          type="button"
          className="btn-secondary min-h-11 self-start"
          disabled={setup.isPending}
          onClick={() => setup.mutate(undefined, { onSuccess: setPending })}
        >
          {setup.isPending ? 'Starting…' : 'Set up two-factor sign-in'}
        </button>
        <FormError text={refusal.general} />
      </div>
    );

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-300">
        Add this key to your authenticator app (or open the link on your phone), then enter the
        6-digit code it shows.
      </p>
      <dl className="grid gap-2 text-sm">
        <dt className="text-slate-400">Key</dt>
        <dd
          data-testid="totp-secret"
          className="font-mono text-base tracking-wider break-all text-white select-all"
        >
          {pending.secret.match(/.{1,4}/g)?.join(' ')}
        </dd>
        <dt className="text-slate-400">Link</dt>
        <dd className="break-all">
          <a href={pending.uri} className="font-mono text-xs text-amber-300 underline">
            {pending.uri}
          </a>
        </dd>
      </dl>
      <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          id={`${ids}-code`}
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          className="min-w-0 flex-1"
          value={code}
          error={refusal.of('code')}
          onValueChange={(value) => {
            setCode(value);
            enable.reset();
          }}
        />
        <button type="submit" className="btn-primary min-h-11" disabled={enable.isPending}>
          {enable.isPending ? 'Checking…' : 'Turn on'}
        </button>
      </form>
      <FormError text={refusal.general} />
    </div>
  );
}

function TurnOff() {
  const ids = useId();
  const disable = useTotpDisableMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const refusal = useRefusal(disable.error, 'Could not turn it off', ['password', 'code']);
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    disable.reset();
  };

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    disable.mutate(
      { password, code: code.trim() },
      { onSuccess: () => notify.success('Two-factor sign-in is off') },
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-emerald-300">On: signing in asks for a code from your app.</p>
      <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          id={`${ids}-password`}
          label="Your password"
          type="password"
          autoComplete="current-password"
          className="min-w-0 flex-1"
          value={password}
          error={refusal.of('password')}
          onValueChange={edited(setPassword)}
        />
        <TextField
          id={`${ids}-code`}
          label="Code (app or recovery)"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          className="min-w-0 flex-1"
          value={code}
          error={refusal.of('code')}
          onValueChange={edited(setCode)}
        />
        <button type="submit" className="btn-danger min-h-11" disabled={disable.isPending}>
          {disable.isPending ? 'Turning off…' : 'Turn off'}
        </button>
      </form>
      <FormError text={refusal.general} />
    </div>
  );
}

/** The profile's recovery codes and two-factor sign-in. */
export function SecuritySettings({ username }: { username: string }) {
  const ids = useId();
  const info = useSecurityInfo();
  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-5">
      <h2 id={`${ids}-heading`} className="section-title">
        <ShieldCheck className="mr-1.5" />
        Account recovery
      </h2>
      {info.isPending ? (
        <LoadingState>Loading…</LoadingState>
      ) : info.isError ? (
        <ErrorBanner>
          {errorMessage(info.error, 'Could not load your security settings')}
        </ErrorBanner>
      ) : (
        <>
          <RecoveryCodes username={username} left={info.data.recoveryCodesLeft} />
          <div className="flex flex-col gap-3 border-t border-white/10 pt-4">
            <h3 className="font-semibold text-white">Two-factor sign-in</h3>
            {info.data.twoFactor ? <TurnOff /> : <TurnOn />}
          </div>
        </>
      )}
    </section>
  );
}
