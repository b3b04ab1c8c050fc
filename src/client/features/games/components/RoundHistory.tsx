import { useState } from 'react';
import { Link } from 'react-router';
import type { RoundDto } from '../../../../shared/api/fairness';
import {
  isRoundGame,
  ROUND_GAME_DEFS,
  roundGameDef,
  type RoundGame,
} from '../../../../shared/games/engine/roundGames';
import { EmptyState, LoadingState } from '../../../components/States';
import { SelectField } from '../../../components/TextField';
import { formatCoins, formatDateTime } from '../../../lib/format';
import { useRounds } from '../public';
import { verifyHref } from '../public';

const describe = (round: RoundDto): string => roundGameDef(round.game).summary(round);

interface RoundHistoryProps {
  limit?: number;
  /** The games a game's page lists; every game when absent. */
  games?: readonly RoundGame[];
  /** A menu to narrow the list to one game (on /fairness, which lists them all). */
  filterable?: boolean;
}

/** Your last rounds with what verifies them; a round links to the verifier once its seed is revealed. */
export function RoundHistory({ limit = 10, games = [], filterable = false }: RoundHistoryProps) {
  const [picked, setPicked] = useState<RoundGame | null>(null);
  const rounds = useRounds(limit, picked ? [picked] : games);
  return (
    <section aria-labelledby="round-history" className="card flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="round-history" className="font-display text-xl font-bold text-white">
          Your last rounds
        </h2>
        {filterable && (
          <SelectField
            id="round-history-game"
            label="Game"
            value={picked ?? 'all'}
            onValueChange={(value) => setPicked(isRoundGame(value) ? value : null)}
            className="w-full sm:w-48"
          >
            <option value="all">All games</option>
            {ROUND_GAME_DEFS.map((def) => (
              <option key={def.game} value={def.game}>
                {def.label}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {rounds.isPending ? (
        <LoadingState>Loading rounds…</LoadingState>
      ) : !rounds.data || rounds.data.rounds.length === 0 ? (
        <EmptyState>
          {picked ? `No ${roundGameDef(picked).label.toLowerCase()} rounds yet.` : 'No rounds yet.'}
        </EmptyState>
      ) : (
        <ul className="flex flex-col divide-y divide-white/5" data-testid="round-history">
          {rounds.data.rounds.map((round) => {
            const href = verifyHref(round);
            return (
              <li
                key={round._id}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm"
                data-testid="round-row"
                data-game={round.game}
                data-round={round._id}
              >
                <span className="font-semibold text-white">{describe(round)}</span>
                <span className="text-slate-400">stake {formatCoins(round.stake)}</span>
                <span className="text-emerald-300">paid {formatCoins(round.payout)}</span>
                <span className="text-slate-400">{formatDateTime(round.createdAt)}</span>
                {/* The round's number, which toasts and the verifier name, beside the nonce it drew. */}
                <span className="text-slate-400" data-testid="round-number">
                  round #{round._id} · nonce {round.nonce}
                </span>
                <span
                  className="max-w-full truncate font-mono text-xs text-slate-500"
                  title={round.serverSeedHash}
                >
                  seed hash {round.serverSeedHash.slice(0, 12)}…
                </span>
                {href ? (
                  <Link
                    to={href}
                    className="ml-auto font-semibold text-amber-300 underline hover:text-amber-200"
                  >
                    Verify
                  </Link>
                ) : (
                  <Link
                    to="/fairness#seeds"
                    className="ml-auto text-slate-300 underline hover:text-white"
                  >
                    Verify after rotating your seed
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
