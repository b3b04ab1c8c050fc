// The verifier's replay: a recorded round's outcome recomputed from (server seed, client seed,
// nonce, params) by the same functions the server paid with. The browser's /fairness page and
// the server's tests both call it.
import type { RoundGame } from './catalog';
import { coinFlip, type CoinSide } from './coinflip';
import { minefieldBoard } from './minefield';
import { roulette, type RouletteColour } from './roulette';
import { slots } from './slots';
import { spin } from './spinner';

export type Replay = Record<string, unknown>;

const numberList = (value: unknown, name: string): number[] => {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'number')) throw new RangeError(`${name} must be a list of numbers`);
  return value as number[];
};

const num = (value: unknown, name: string): number => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new RangeError(`${name} must be a number`);
  return value;
};

/**
 * The outcome fields a round records that follow from the seeds alone (for a spinner the slice
 * and its reward; a reward multiplier's bonus depends on the buffs running, not on the seeds).
 * Throws RangeError with a readable message on bad seeds or params.
 */
export function replayRound(game: RoundGame, serverSeed: string, clientSeed: string, nonce: number, params: Record<string, unknown>): Replay {
  switch (game) {
    case 'spinner': {
      const result = spin(serverSeed, clientSeed, nonce, {
        rewardOptions: numberList(params.rewardOptions, 'rewardOptions'),
        weights: numberList(params.weights, 'weights'),
      });
      return { slice: result.index, reward: result.reward };
    }
    case 'coin-flip': {
      const r = coinFlip(serverSeed, clientSeed, nonce, { choice: params.choice as CoinSide, stake: num(params.stake, 'stake') });
      return { result: r.result, win: r.win, payout: r.payout };
    }
    case 'roulette': {
      const r = roulette(serverSeed, clientSeed, nonce, { choice: params.choice as RouletteColour, stake: num(params.stake, 'stake') });
      return { pocket: r.pocket, result: r.result, win: r.win, payout: r.payout };
    }
    case 'slots': {
      const r = slots(serverSeed, clientSeed, nonce, { stake: num(params.stake, 'stake'), luck: params.luck === undefined ? 0 : num(params.luck, 'luck') });
      return { reel: [...r.reel], stops: [...r.stops], combo: r.combo, win: r.win, payout: r.payout, respun: r.respun };
    }
    case 'minefield': {
      const board = minefieldBoard(serverSeed, clientSeed, nonce, {
        rows: num(params.rows, 'rows'),
        cols: num(params.cols, 'cols'),
        mines: num(params.mines, 'mines'),
        mineReduction: params.mineReduction === undefined ? 0 : num(params.mineReduction, 'mineReduction'),
      });
      return { mines: board.positions, placed: board.placed };
    }
  }
}

/** The params each game's verifier form asks for, with a sensible example. */
export const VERIFY_PARAM_EXAMPLES: Readonly<Record<RoundGame, Record<string, unknown>>> = {
  spinner: { rewardOptions: [5, 10, 20, 50, 100, 250], weights: [35, 30, 18, 10, 5, 2] },
  'coin-flip': { choice: 'heads', stake: 10 },
  roulette: { choice: 'red', stake: 10 },
  slots: { stake: 10, luck: 0 },
  minefield: { rows: 8, cols: 8, mines: 10, mineReduction: 0 },
};
