import { Modal } from '../../../../components/Modal';
import { awayDetails, awayTitle } from '../coinTycoonView';

export interface AwaySummaryView {
  awayMs: number;
  cappedMs: number;
  earned: string;
}

/** Shown once after a read that settled more than a minute away, if anything was earned meanwhile. */
export function AwayDialog({
  away,
  onClose,
}: {
  away: AwaySummaryView | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={away !== null && BigInt(away.earned) > 0n}
      title={away ? awayTitle(BigInt(away.earned)) : ''}
      description={away ? awayDetails(away) : undefined}
      onClose={onClose}
    >
      <div className="flex justify-end">
        <button type="button" className="btn-primary" onClick={onClose}>
          Back to work
        </button>
      </div>
    </Modal>
  );
}
