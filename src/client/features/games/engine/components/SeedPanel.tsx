import { useState, type FormEvent } from 'react';
import type { RotateSeedResponse } from '../../../../../shared/api/fairness';
import { isClientSeed } from '../../../../../shared/games/engine/fairness';
import { ConfirmDialog } from '../../../../components/Modal';
import { ErrorBanner, LoadingState } from '../../../../components/States';
import { TextField } from '../../../../components/TextField';
import { errorMessage } from '../../../../lib/errorMessages';
import { notify } from '../../../../lib/toast';
import { useRotateSeedMutation, useSetClientSeedMutation } from '../mutations';
import { useFairness } from '../queries';

function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs tracking-wide text-slate-400 uppercase">{label}</dt>
      <dd className="font-mono text-sm break-all text-white" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Your seed pair: the hash of the hidden server seed, your client seed, the next nonce. */
export function SeedPanel() {
  const fairness = useFairness();
  const setSeed = useSetClientSeedMutation();
  const rotate = useRotateSeedMutation();
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [revealed, setRevealed] = useState<RotateSeedResponse['revealed'] | null>(null);

  function onSetSeed(event: FormEvent) {
    event.preventDefault();
    if (!isClientSeed(draft)) {
      setDraftError('Use 1 to 64 printable characters (letters, digits, spaces and symbols).');
      return;
    }
    setDraftError(null);
    setSeed.mutate(draft, {
      onSuccess: () => {
        notify.success('Client seed set');
        setDraft('');
      },
      onError: (error) => setDraftError(errorMessage(error, 'The client seed could not be set')),
    });
  }

  function onRotate() {
    setConfirming(false);
    rotate.mutate(undefined, {
      onSuccess: (result) => {
        setRevealed(result.revealed);
        notify.success('Seed rotated: your old server seed is revealed');
      },
      onError: (error) => notify.error(errorMessage(error, 'The seed could not be rotated')),
    });
  }

  return (
    <section
      id="seeds"
      aria-labelledby="seeds-title"
      className="card flex scroll-mt-[calc(var(--nav-bottom,4rem)+1rem)] flex-col gap-4"
    >
      <h2 id="seeds-title" className="font-display text-xl font-bold text-white">
        Your seeds
      </h2>
      {fairness.isPending ? (
        <LoadingState>Loading your seeds…</LoadingState>
      ) : !fairness.data ? (
        <ErrorBanner>Your seeds could not be loaded.</ErrorBanner>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Server seed (SHA-256)"
            value={fairness.data.serverSeedHash}
            testId="seed-hash"
          />
          <Field label="Client seed" value={fairness.data.clientSeed} testId="client-seed" />
          <Field label="Next nonce" value={String(fairness.data.nonce)} testId="next-nonce" />
        </dl>
      )}
      <form onSubmit={onSetSeed} className="flex flex-wrap items-end gap-2" noValidate>
        <TextField
          id="new-client-seed"
          label="New client seed"
          value={draft}
          onValueChange={setDraft}
          error={draftError}
          maxLength={64}
          className="min-w-0 flex-1 basis-60"
        />
        <button type="submit" className="btn-secondary" disabled={setSeed.isPending}>
          Set client seed
        </button>
      </form>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-primary"
          disabled={rotate.isPending}
          onClick={() => setConfirming(true)}
        >
          Rotate seed
        </button>
        <p className="text-sm text-slate-400">
          Reveals your current server seed so you can verify its rounds, and starts a new one.
        </p>
      </div>
      {revealed && (
        <div
          className="rounded-xl border border-emerald-400/40 bg-emerald-950/40 p-3"
          data-testid="revealed-seed"
        >
          <p className="text-sm font-semibold text-emerald-200">
            Revealed server seed ({revealed.nonce} rounds played on it)
          </p>
          <p className="font-mono text-sm break-all text-white">{revealed.serverSeed}</p>
          <p className="mt-1 text-xs break-all text-slate-400">
            Its SHA-256: {revealed.serverSeedHash}
          </p>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        question="Rotate your seed?"
        details="Your current server seed will be revealed and a new one takes its place."
        confirmLabel="Rotate"
        onConfirm={onRotate}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
