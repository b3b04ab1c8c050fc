// The two canvas games as the canvas host (components/CanvasGame.tsx) drives them: rules from
// coinCatcher.ts and dodgeDash.ts, drawing from draw.ts.
import type { Minigame } from '../../../../../shared/games/virtualPet/minigames';
import {
  announceCoinCatcher,
  createCoinCatcher,
  describeCoinCatcher,
  stepCoinCatcher,
  type CanvasGameOptions,
  type CoinCatcherState,
} from './coinCatcher';
import { announceDodge, createDodge, describeDodge, stepDodge, type DodgeState } from './dodgeDash';
import { drawCoinCatcher, drawDodge, type Look } from './draw';
import type { ControlInput, EndReason, Rng } from './engine';

type CanvasMinigame = Exclude<Minigame, 'critter-match'>;

export interface CanvasGameDef<S> {
  game: CanvasMinigame;
  /** The on-screen pad: left and right only, or four ways. */
  pad: 'horizontal' | 'four-way';
  create: (options: CanvasGameOptions, rng: Rng) => S;
  step: (state: S, dt: number, input: ControlInput, rng: Rng) => S;
  score: (state: S) => number;
  ended: (state: S) => EndReason | null;
  describe: (state: S) => string;
  announce: (before: S, after: S) => string | null;
  draw: (ctx: CanvasRenderingContext2D, state: S, look: Look) => void;
}

export const COIN_CATCHER: CanvasGameDef<CoinCatcherState> = {
  game: 'coin-catcher',
  pad: 'horizontal',
  create: (options) => createCoinCatcher(options),
  step: stepCoinCatcher,
  score: (s) => s.score,
  ended: (s) => s.ended,
  describe: describeCoinCatcher,
  announce: announceCoinCatcher,
  draw: drawCoinCatcher,
};

export const DODGE_N_DASH: CanvasGameDef<DodgeState> = {
  game: 'dodge-n-dash',
  pad: 'four-way',
  create: createDodge,
  step: stepDodge,
  score: (s) => s.score,
  ended: (s) => s.ended,
  describe: describeDodge,
  announce: announceDodge,
  draw: drawDodge,
};
