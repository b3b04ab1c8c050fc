import { FairStream } from '../engine/fairness';
import { mul, rational, type Rational } from '../engine/rational';
import { assertStake } from '../engine/stake';

export type CoinSide = 'heads' | 'tails';
export const COIN_SIDES: readonly CoinSide[] = ['heads', 'tails'];
export const COIN_FLIP_MULTIPLIER = 2;

export interface CoinFlipParams {
  choice: CoinSide;
  stake: number;
}

export interface CoinFlipResult {
  result: CoinSide;
  win: boolean;
  multiplier: number;
  payout: number;
}

// f < 0.5 is exactly the uint32s below 2^31, so each side has probability 1/2 with no rounding.
export const coinSideOf = (float: number): CoinSide => (float < 0.5 ? 'heads' : 'tails');

export function coinFlip(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  params: CoinFlipParams,
): CoinFlipResult {
  if (!COIN_SIDES.includes(params.choice)) throw new RangeError('choice must be heads or tails');
  assertStake(params.stake, COIN_FLIP_MULTIPLIER);
  const result = coinSideOf(new FairStream(serverSeed, clientSeed, nonce).next());
  const win = result === params.choice;
  const multiplier = win ? COIN_FLIP_MULTIPLIER : 0;
  return { result, win, multiplier, payout: params.stake * multiplier };
}

/** P(win) x 2 = 1: the house keeps nothing on a flip. */
export const coinFlipRtp = (): Rational => mul(rational(1, 2), rational(COIN_FLIP_MULTIPLIER));
