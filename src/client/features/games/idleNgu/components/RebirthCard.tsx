import { useState } from 'react';
import type { IdleState } from '../../../../../shared/games/idleNgu/rules';
import { ConfirmDialog } from '../../../../components/Modal';
import { rebirthBlocked, rebirthPreview } from '../idleNguView';
import { SteadyButton } from '../../../../components/SteadyButton';
import { Repeat } from 'lucide-react';

/**
 * Rebirth trades the run's trainings for a permanent multiplier from its best boss, after a
 * confirmation that says what goes and what comes.
 */
export function RebirthCard({
  state,
  busy,
  onRebirth,
}: {
  state: IdleState;
  busy: boolean;
  onRebirth: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const blocked = rebirthBlocked(state);
  const preview = rebirthPreview(state);
  return (
    <section className="card flex min-w-0 flex-col gap-3" aria-labelledby="idle-rebirth-title">
      <h2 id="idle-rebirth-title" className="section-title">
        <Repeat className="mr-1.5" />
        Rebirth
      </h2>
      <p className="text-sm text-slate-400">
        Start the trainings over for a permanent multiplier of 1 + (best boss) / 10 and 2 more
        energy. Coins already paid for bosses stay paid.
      </p>
      {blocked ? (
        <p
          id="idle-rebirth-blocked"
          className="text-sm text-amber-200"
          data-testid="idle-rebirth-blocked"
        >
          {blocked}
        </p>
      ) : (
        <p className="text-sm text-emerald-200" data-testid="idle-rebirth-gain">
          Now: multiplier {preview.from} → {preview.to}, energy {preview.energyFrom} →{' '}
          {preview.energyTo}.
        </p>
      )}
      <SteadyButton
        className="btn-primary self-start"
        unavailable={busy || blocked !== null}
        aria-describedby={blocked ? 'idle-rebirth-blocked' : undefined}
        onPress={() => setAsking(true)}
        data-testid="idle-rebirth"
      >
        Rebirth…
      </SteadyButton>
      <ConfirmDialog
        open={asking}
        question="Rebirth now?"
        confirmLabel="Rebirth"
        tone="danger"
        details={
          <ul className="list-disc space-y-1 pl-5" data-testid="idle-rebirth-details">
            <li>All four trainings go back to level 0 and your energy is unallocated.</li>
            <li>
              Your multiplier becomes {preview.to} (from boss {preview.bestBoss}), up from{' '}
              {preview.from}, for good.
            </li>
            <li>
              Energy grows from {preview.energyFrom} to {preview.energyTo}.
            </li>
            <li>The tower starts again from boss 1; bosses already paid pay nothing again.</li>
          </ul>
        }
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onRebirth();
        }}
      />
    </section>
  );
}
