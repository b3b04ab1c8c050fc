import { useState } from 'react';
import type { RpsHistoryDto, RpsOutcome } from '../../../../../shared/games/rps/contract';
import type { RpsMove } from '../../../../../shared/games/rps/rules';
import { formatCoins, formatDateTime } from '../../../../lib/format';
import { commitmentOf } from '../rpsVerify';
import { Emoji } from '../../../../components/Emoji';

export const MOVE_ICON: Record<RpsMove, string> = { rock: '✊', paper: '✋', scissors: '✌️' };
export const MOVE_NAME: Record<RpsMove, string> = {
  rock: 'Rock',
  paper: 'Paper',
  scissors: 'Scissors',
};
export const OUTCOME_TEXT: Record<RpsOutcome, string> = {
  win: 'You win!',
  lose: 'You lose',
  draw: 'Draw',
};
export const OUTCOME_CLASS: Record<RpsOutcome, string> = {
  win: 'text-emerald-300',
  lose: 'text-rose-300',
  draw: 'text-slate-200',
};

type Check = 'checking' | 'match' | 'mismatch';

/** One finished duel of Recent Matches, with the commitment checked in the browser on demand. */
export function MatchRow({ match }: { match: RpsHistoryDto }) {
  const [open, setOpen] = useState(false);
  const [check, setCheck] = useState<Check>('checking');
  // The committed move is the challenger's: ours when we challenged, theirs when we answered.
  const committed = match.role === 'challenger' ? match.yourPick : match.theirPick;

  async function toggle() {
    const next = !open;
    setOpen(next);
    if (!next) return;
    setCheck('checking');
    const digest = await commitmentOf(committed, match.salt);
    setCheck(digest === match.commitment ? 'match' : 'mismatch');
  }

  return (
    <li className="rounded-xl border border-white/10 bg-slate-950/40 p-3" data-testid="rps-match">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="min-w-0 break-all font-semibold text-white">{match.opponent}</span>
        <span className="text-slate-300">{formatCoins(match.buyIn)} coins</span>
        <span className="text-slate-300">
          You:{' '}
          <span aria-hidden="true">
            <Emoji char={MOVE_ICON[match.yourPick]} />
          </span>{' '}
          {MOVE_NAME[match.yourPick]}
        </span>
        <span className="text-slate-300">
          Them:{' '}
          <span aria-hidden="true">
            <Emoji char={MOVE_ICON[match.theirPick]} />
          </span>{' '}
          {MOVE_NAME[match.theirPick]}
        </span>
        <span
          className={`font-semibold ${OUTCOME_CLASS[match.outcome]}`}
          data-testid="rps-match-outcome"
        >
          {match.outcome}
        </span>
        <button
          type="button"
          className="btn-secondary ml-auto px-3 py-1"
          aria-expanded={open}
          onClick={() => void toggle()}
        >
          verify
        </button>
      </div>
      {open && (
        <div className="mt-2 flex flex-col gap-1 text-xs text-slate-400" data-testid="rps-verify">
          <p>
            {match.role === 'challenger' ? 'You' : match.opponent} challenged on{' '}
            {formatDateTime(match.resolvedAt)}; the committed move was {committed}.
          </p>
          <p className="break-all font-mono">Salt: {match.salt}</p>
          <p className="break-all font-mono">Commitment: {match.commitment}</p>
          <p
            className={
              check === 'match'
                ? 'font-semibold text-emerald-300'
                : check === 'mismatch'
                  ? 'font-semibold text-rose-300'
                  : ''
            }
            data-testid="rps-verify-result"
          >
            {check === 'checking'
              ? 'Checking…'
              : check === 'match'
                ? `✓ SHA-256(${committed}:salt) equals the commitment`
                : `✗ SHA-256(${committed}:salt) does not equal the commitment`}
          </p>
        </div>
      )}
    </li>
  );
}
