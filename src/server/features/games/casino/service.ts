import { coinFlip, type CoinSide } from '../../../../shared/games/casino/coinflip';
import { roulette, type RouletteColour } from '../../../../shared/games/casino/roulette';
import { slots } from '../../../../shared/games/casino/slots';
import type {
  CoinFlipResponse,
  RouletteResponse,
  SlotsResponse,
} from '../../../../shared/games/casino/contract';
import type { Deps } from '../../../platform/deps';
import { lockSlotsLuck, spendSlotsLuck } from '../../items/public';
import { presentCoinFlip, presentRoulette, presentSlots } from './presenter';
import type { Draw } from '../engine/public';
import { playStakeRound } from './stakeRound';

/**
 * The casino's three stake games. Each is one round of playStakeRound (stake, fair draw,
 * payout and counter in one transaction); the functions here only say how a draw plays.
 */

/** Heads or tails from float #0; a right guess pays 2x. */
export async function flipCoin(
  deps: Deps,
  userId: number,
  betAmount: number,
  guess: CoinSide,
): Promise<CoinFlipResponse> {
  const play = (draw: Draw) => {
    const result = coinFlip(draw.serverSeed, draw.clientSeed, draw.nonce, {
      choice: guess,
      stake: betAmount,
    });
    return {
      params: { choice: guess, stake: betAmount },
      outcome: { result: result.result, win: result.win, payout: result.payout },
      win: result.win,
      paid: result.payout,
    };
  };
  return presentCoinFlip(
    await playStakeRound(deps, userId, 'coin-flip', betAmount, play, (_tx, draw) => play(draw)),
  );
}

/** The 15-pocket wheel: pocket = floor(float #0 x 15); red and black pay 2x, green 14x. */
export async function spinRoulette(
  deps: Deps,
  userId: number,
  betAmount: number,
  color: RouletteColour,
): Promise<RouletteResponse> {
  const play = (draw: Draw) => {
    const result = roulette(draw.serverSeed, draw.clientSeed, draw.nonce, {
      choice: color,
      stake: betAmount,
    });
    return {
      params: { choice: color, stake: betAmount },
      outcome: {
        pocket: result.pocket,
        result: result.result,
        win: result.win,
        payout: result.payout,
      },
      win: result.win,
      paid: result.payout,
    };
  };
  return presentRoulette(
    await playStakeRound(deps, userId, 'roulette', betAmount, play, (_tx, draw) => play(draw)),
  );
}

/**
 * Three reels of 21 stops from floats #0-2. Running slots-luck buffs (DESIGN.md section 6)
 * re-spin a loss once with that probability, from the same round's later floats; what a re-spin
 * wins is paid within the luck buffs' cap, which the outcome records next to the replayable payout.
 */
export async function spinSlots(
  deps: Deps,
  userId: number,
  betAmount: number,
): Promise<SlotsResponse> {
  const spin = (draw: Draw, luck: number) =>
    slots(draw.serverSeed, draw.clientSeed, draw.nonce, { stake: betAmount, luck });
  const record = (luck: number, result: ReturnType<typeof spin>, paid: number) => ({
    params: { stake: betAmount, luck },
    outcome: {
      reel: [...result.reel],
      stops: [...result.stops],
      combo: result.combo,
      win: result.win,
      payout: result.payout,
      respun: result.respun,
      luckCapped: result.payout - paid,
      luck,
    },
    win: result.win,
    paid,
  });
  const r = await playStakeRound(
    deps,
    userId,
    'slots',
    betAmount,
    // No luck buff runs: a loss is not re-spun and the payout is the table's.
    (draw) => {
      const result = spin(draw, 0);
      return record(0, result, result.payout);
    },
    async (tx, draw, now) => {
      const { luck, buffs } = await lockSlotsLuck(tx, userId, now);
      const result = spin(draw, luck);
      const paid =
        result.respun && result.payout > 0
          ? await spendSlotsLuck(tx, buffs, result.payout, now)
          : result.payout;
      return record(luck, result, paid);
    },
    { usesSlotsLuck: true },
  );
  return presentSlots(r);
}
