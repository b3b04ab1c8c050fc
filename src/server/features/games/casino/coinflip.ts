import type { CoinFlipResponse } from '../../../../shared/api/casino';
import { coinFlip, type CoinSide } from '../../../../shared/games/coinflip';
import type { Deps } from '../../../platform/deps';
import { playStakeRound } from './stakeRound';

/** Heads or tails from float #0; a right guess pays 2x. */
export async function flipCoin(deps: Deps, userId: number, betAmount: number, guess: CoinSide): Promise<CoinFlipResponse> {
  const r = await playStakeRound(deps, userId, 'coin-flip', betAmount, (_tx, draw) => {
    const result = coinFlip(draw.serverSeed, draw.clientSeed, draw.nonce, { choice: guess, stake: betAmount });
    return {
      params: { choice: guess, stake: betAmount },
      outcome: { result: result.result, win: result.win, payout: result.payout },
      win: result.win,
      paid: result.payout,
    };
  });
  return { result: r.outcome.result, win: r.win, payout: r.payout, bonus: r.bonus, roundId: r.roundId, nonce: r.nonce, balance: r.balance };
}
