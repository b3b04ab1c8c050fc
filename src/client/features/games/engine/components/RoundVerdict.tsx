import {
  compareWithRound,
  explainPayout,
  type Replay,
  type VerifyInputs,
} from '../../../../../shared/games/engine/verify';
import { useSession } from '../../../../lib/session';
import { useRound } from '../queries';

interface RoundVerdictProps {
  /** The round the Verify link came from. */
  roundId: string;
  /** What the form recomputes; null while its values cannot be replayed. */
  replayed: (VerifyInputs & { outcome: Replay }) | null;
}

const note = (text: string) => (
  <p className="text-sm text-slate-400" data-testid="verify-verdict">
    {text}
  </p>
);

/**
 * The form's recomputation against what the server recorded for the round: the verdict the
 * verifier exists for, and how the round's payout splits between the seeds and buffs.
 */
export function RoundVerdict({ roundId, replayed }: RoundVerdictProps) {
  const { isAuthenticated } = useSession();
  const round = useRound(roundId);
  if (!isAuthenticated) return note(`Sign in to compare this with your round #${roundId}.`);
  if (round.isPending) return note(`Loading round #${roundId}…`);
  if (round.isError)
    return note(`Round #${roundId} could not be loaded, so there is nothing to compare with.`);
  if (!round.data) return note(`Round #${roundId} is not one of your rounds.`);
  if (!replayed) return note(`Fix the values above to compare them with round #${roundId}.`);

  const stored = round.data;
  const verdict = compareWithRound(replayed, replayed.outcome, stored);
  return (
    <div
      className={`rounded-xl border p-3 ${verdict.matches ? 'border-emerald-400/50 bg-emerald-950/40' : 'border-rose-400/50 bg-rose-950/40'}`}
      data-testid="verify-verdict"
    >
      <p
        className={`font-display text-lg font-bold ${verdict.matches ? 'text-emerald-200' : 'text-rose-200'}`}
      >
        {verdict.matches
          ? `✓ Matches round #${stored._id}`
          : `✗ Does not match round #${stored._id}`}
      </p>
      {verdict.matches ? (
        <p className="text-sm text-slate-300">
          These seeds, nonce and parameters are the round's, and they give the outcome it recorded.
        </p>
      ) : (
        <ul
          className="list-disc pl-5 text-sm break-words text-rose-100"
          data-testid="verify-differences"
        >
          {verdict.differences.map((difference) => (
            <li key={difference}>{difference}</li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm text-slate-300" data-testid="verify-payout">
        Round #{stored._id} {explainPayout(stored)}.
      </p>
    </div>
  );
}
