import type { RoundGame } from '../../../../shared/games/roundGames';
import type { Queryable } from '../../../db/client';
import type { Deps } from '../../../platform/deps';
import { bumpStat } from '../../../platform/stats';
import { applyRewardMultiplier } from '../../items/buffs';
import { moveForRound } from '../engine/payments';
import { nextRound, type Draw } from '../engine/rounds';

export interface StakePlay<O> {
  params: Record<string, unknown>;
  outcome: O;
  win: boolean;
  /** Coins the round pays back before any reward multiplier (0 on a loss). */
  paid: number;
}

export interface StakeResult<O> {
  outcome: O;
  win: boolean;
  /** Coins paid back in all, bonus included. */
  payout: number;
  bonus: number;
  roundId: string;
  nonce: number;
  balance: number;
}

/**
 * A casino round in one transaction: the nonce is taken (locking the seed pair, so one user's
 * rounds queue), the game plays from the fair stream, a reward multiplier adds to the profit of
 * a win (never to the stake), the stake is debited (refused below zero by the balance CHECK)
 * and the payout credited, both against the round; a win counts for achievements in the same
 * transaction.
 */
export async function playStakeRound<O extends Record<string, unknown>>(
  deps: Deps,
  userId: number,
  game: RoundGame,
  stake: number,
  play: (tx: Queryable, draw: Draw, now: Date) => Promise<StakePlay<O>> | StakePlay<O>,
): Promise<StakeResult<O>> {
  const now = deps.clock.now();
  return deps.db.tx(async (tx) => {
    let win = false;
    let bonus = 0;
    const round = await nextRound(tx, userId, game, async (draw) => {
      const played = await play(tx, draw, now);
      win = played.win;
      const profit = played.paid - stake;
      const boost = profit > 0 ? await applyRewardMultiplier(tx, userId, profit, now) : { extra: 0, multiplier: 100 };
      bonus = boost.extra;
      return {
        params: played.params,
        outcome: { ...played.outcome, bonus: boost.extra, multiplier: boost.multiplier },
        stake,
        payout: played.paid + boost.extra,
      };
    });
    let balance = await moveForRound(tx, userId, round.id, -stake, 'game_stake');
    if (round.record.payout > 0) balance = await moveForRound(tx, userId, round.id, round.record.payout, 'game_payout');
    if (win) await bumpStat(tx, userId, 'casino_wins');
    return {
      outcome: round.record.outcome as unknown as O,
      win,
      payout: round.record.payout,
      bonus,
      roundId: String(round.id),
      nonce: round.draw.nonce,
      balance,
    };
  });
}
