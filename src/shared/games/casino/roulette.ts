import { FairStream } from '../engine/fairness';
import { mul, rational, type Rational } from '../engine/rational';
import { assertStake } from '../engine/stake';

export type RouletteColour = 'red' | 'black' | 'green';
export const ROULETTE_COLOURS: readonly RouletteColour[] = ['red', 'black', 'green'];
export const ROULETTE_POCKETS = 15;
export const ROULETTE_MULTIPLIERS: Readonly<Record<RouletteColour, number>> = {
  red: 2,
  black: 2,
  green: 14,
};

export interface RouletteParams {
  choice: RouletteColour;
  stake: number;
}

export interface RouletteResult {
  pocket: number;
  result: RouletteColour;
  win: boolean;
  multiplier: number;
  payout: number;
}

// The wheel (DESIGN.md section 5): pocket 0 is green, 1-7 red, 8-14 black, so 7 red, 7 black, 1 green.
export const pocketColour = (pocket: number): RouletteColour =>
  pocket === 0 ? 'green' : pocket <= 7 ? 'red' : 'black';

export const pocketOf = (float: number): number => Math.floor(float * ROULETTE_POCKETS);

export function roulette(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  params: RouletteParams,
): RouletteResult {
  if (!ROULETTE_COLOURS.includes(params.choice))
    throw new RangeError('choice must be red, black or green');
  assertStake(params.stake, ROULETTE_MULTIPLIERS.green);
  const pocket = pocketOf(new FairStream(serverSeed, clientSeed, nonce).next());
  const result = pocketColour(pocket);
  const win = result === params.choice;
  const multiplier = win ? ROULETTE_MULTIPLIERS[params.choice] : 0;
  return { pocket, result, win, multiplier, payout: params.stake * multiplier };
}

export function rouletteWinProbability(choice: RouletteColour): Rational {
  let pockets = 0;
  for (let pocket = 0; pocket < ROULETTE_POCKETS; pocket++)
    if (pocketColour(pocket) === choice) pockets++;
  return rational(pockets, ROULETTE_POCKETS);
}

/** Pockets of that colour over 15, times its multiplier: 7/15 x 2 = 1/15 x 14 = 14/15. */
export const rouletteRtp = (choice: RouletteColour): Rational =>
  mul(rouletteWinProbability(choice), rational(ROULETTE_MULTIPLIERS[choice]));
