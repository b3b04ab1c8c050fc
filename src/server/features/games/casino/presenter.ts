import type {
  CoinFlipResponse,
  RouletteResponse,
  SlotsResponse,
} from '../../../../shared/games/casino/contract';
import type { StakeResult } from './stakeRound';

/** What every casino answer carries about its round, besides the game's own outcome. */
const roundPart = <O>(r: StakeResult<O>) => ({
  win: r.win,
  payout: r.payout,
  bonus: r.bonus,
  roundId: r.roundId,
  nonce: r.nonce,
  balance: r.balance,
});

export const presentCoinFlip = (
  r: StakeResult<{ result: CoinFlipResponse['result'] }>,
): CoinFlipResponse => ({ result: r.outcome.result, ...roundPart(r) });

export const presentRoulette = (
  r: StakeResult<{ result: RouletteResponse['result']; pocket: number }>,
): RouletteResponse => ({
  result: r.outcome.result,
  pocket: r.outcome.pocket,
  ...roundPart(r),
});

export const presentSlots = (
  r: StakeResult<{
    reel: SlotsResponse['reel'];
    stops: SlotsResponse['stops'];
    combo: SlotsResponse['combo'];
    respun: boolean;
    luck: number;
  }>,
): SlotsResponse => ({
  reel: r.outcome.reel,
  stops: r.outcome.stops,
  combo: r.outcome.combo,
  respun: r.outcome.respun,
  luck: r.outcome.luck,
  ...roundPart(r),
});
