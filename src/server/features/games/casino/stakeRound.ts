import type { RoundGame } from '../../../../shared/games/engine/roundGames';
import type { Queryable } from '../../../db/client';
import type { Deps } from '../../../platform/deps';
import { bumpStat } from '../../../platform/stats';
import { playSettledRound } from '../engine/public';
import { moveForRound } from '../engine/public';
import { nextRound, type Draw } from '../engine/public';

export interface StakePlay<O> {
  params: Record<string, unknown>;
  outcome: O;
  win: boolean;
  /** Coins the round pays back (0 on a loss). */
  paid: number;
}

export interface StakeResult<O> {
  outcome: O;
  win: boolean;
  /** Coins paid back in all. */
  payout: number;
  /** Always 0: reward multipliers boost free rewards, not wager winnings (shared/games/engine/items.ts). */
  bonus: number;
  roundId: string;
  nonce: number;
  balance: number;
}

/** How a stake game plays a draw when no buff of its own is running: no database, no locks. */
export type QuickPlay<O> = (draw: Draw) => StakePlay<O>;

/**
 * A casino round. Most rounds meet no buff: they take engine/oneStatement's path (a read, the
 * outcome computed here, one statement that takes the nonce, records the round, moves the stake
 * and the payout and counts a win). A slots spin while slot luck runs takes the locked path: one
 * transaction that takes the nonce (locking the seed pair, so one user's rounds queue), plays
 * from the fair stream with `play` (which locks and spends the luck buffs), debits the stake
 * (refused below zero by the balance CHECK) and credits the payout, both against the round, and
 * counts a win. Reward multipliers do not touch wager winnings, so no other buff matters here.
 */
export async function playStakeRound<O extends Record<string, unknown>>(
  deps: Deps,
  userId: number,
  game: RoundGame,
  stake: number,
  quick: QuickPlay<O>,
  play: (tx: Queryable, draw: Draw, now: Date) => Promise<StakePlay<O>> | StakePlay<O>,
  options: { usesSlotsLuck?: boolean } = {},
): Promise<StakeResult<O>> {
  const now = deps.clock.now();
  let win = false;
  const settled = await playSettledRound(deps, userId, game, now, (read) => {
    if (options.usesSlotsLuck && read.slotsLuck) return null;
    const played = quick(read.draw);
    win = played.win;
    return {
      assumesNoBuff: options.usesSlotsLuck ? ['slots-luck'] : [],
      params: played.params,
      outcome: { ...played.outcome, bonus: 0, multiplier: 100 },
      stake,
      payout: played.paid,
      payoutCategory: 'game_payout',
      ...(played.win ? { stat: 'casino_wins' as const } : {}),
    };
  });
  if (settled) {
    return {
      outcome: settled.plan.outcome as unknown as O,
      win,
      payout: settled.plan.payout,
      bonus: 0,
      roundId: String(settled.id),
      nonce: settled.draw.nonce,
      balance: settled.balance,
    };
  }
  return playLocked(deps, userId, game, stake, play, now);
}

async function playLocked<O extends Record<string, unknown>>(
  deps: Deps,
  userId: number,
  game: RoundGame,
  stake: number,
  play: (tx: Queryable, draw: Draw, now: Date) => Promise<StakePlay<O>> | StakePlay<O>,
  now: Date,
): Promise<StakeResult<O>> {
  return deps.db.tx(async (tx) => {
    let win = false;
    const round = await nextRound(tx, userId, game, async (draw) => {
      const played = await play(tx, draw, now);
      win = played.win;
      return {
        params: played.params,
        outcome: { ...played.outcome, bonus: 0, multiplier: 100 },
        stake,
        payout: played.paid,
      };
    });
    let balance = await moveForRound(tx, userId, round.id, -stake, 'game_stake');
    if (round.record.payout > 0)
      balance = await moveForRound(tx, userId, round.id, round.record.payout, 'game_payout');
    if (win) await bumpStat(tx, userId, 'casino_wins');
    return {
      outcome: round.record.outcome as unknown as O,
      win,
      payout: round.record.payout,
      bonus: 0,
      roundId: String(round.id),
      nonce: round.draw.nonce,
      balance,
    };
  });
}
