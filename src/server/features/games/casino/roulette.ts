import type { RouletteResponse } from '../../../../shared/api/casino';
import { roulette, type RouletteColour } from '../../../../shared/games/roulette';
import type { Deps } from '../../../platform/deps';
import { playStakeRound } from './stakeRound';

/** The 15-pocket wheel: pocket = floor(float #0 x 15); red and black pay 2x, green 14x. */
export async function spinRoulette(deps: Deps, userId: number, betAmount: number, color: RouletteColour): Promise<RouletteResponse> {
  const r = await playStakeRound(deps, userId, 'roulette', betAmount, (_tx, draw) => {
    const result = roulette(draw.serverSeed, draw.clientSeed, draw.nonce, { choice: color, stake: betAmount });
    return {
      params: { choice: color, stake: betAmount },
      outcome: { pocket: result.pocket, result: result.result, win: result.win, payout: result.payout },
      win: result.win,
      paid: result.payout,
    };
  });
  return {
    result: r.outcome.result,
    pocket: r.outcome.pocket,
    win: r.win,
    payout: r.payout,
    bonus: r.bonus,
    roundId: r.roundId,
    nonce: r.nonce,
    balance: r.balance,
  };
}
