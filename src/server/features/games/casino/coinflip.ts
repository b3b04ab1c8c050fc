import type { CoinFlipResponse } from '../../../../shared/api/games';
import { coinFlip, type CoinSide } from '../../../../shared/games/coinflip';
import type { Deps } from '../../../platform/deps';
import { bumpStat } from '../../../platform/stats';
import { applyRewardMultiplier } from '../../store/buffs';
import { nextRound } from '../engine/rounds';
import { moveForRound } from '../engine/payments';

/**
 * One flip, one transaction: the nonce is taken (locking the seed pair, so one user's flips
 * queue), the outcome comes from the fair stream, the stake is debited (refused below zero by
 * the balance CHECK) and a win paid with any reward-multiplier bonus on its profit, all
 * against the round; a win counts for achievements in the same transaction.
 */
export async function flipCoin(deps: Deps, userId: number, betAmount: number, guess: CoinSide): Promise<CoinFlipResponse> {
  const now = deps.clock.now();
  return deps.db.tx(async (tx) => {
    const round = await nextRound(tx, userId, 'coin-flip', async (draw) => {
      const result = coinFlip(draw.serverSeed, draw.clientSeed, draw.nonce, { choice: guess, stake: betAmount });
      const boost = result.win ? await applyRewardMultiplier(tx, userId, result.payout - betAmount, now) : { extra: 0, multiplier: 100 };
      return {
        params: { choice: guess, stake: betAmount },
        outcome: { result: result.result, win: result.win, payout: result.payout, bonus: boost.extra, multiplier: boost.multiplier },
        stake: betAmount,
        payout: result.payout + boost.extra,
      };
    });
    let balance = await moveForRound(tx, userId, round.id, -betAmount, 'game_stake');
    const { result, win, bonus } = round.record.outcome;
    if (round.record.payout > 0) balance = await moveForRound(tx, userId, round.id, round.record.payout, 'game_payout');
    if (win) await bumpStat(tx, userId, 'casino_wins');
    return { result, win, payout: round.record.payout, bonus, roundId: String(round.id), nonce: round.draw.nonce, balance };
  });
}
