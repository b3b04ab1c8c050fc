// The games whose outcomes are provably fair rounds (game_rounds), each declared in its own
// files: a new one is its definition and a line here. The order is the verifier's menu and the
// fairness page's table of returns.
import { coinFlipRound } from '../casino/coinflipRound';
import { minefieldRound } from '../minefield/round';
import { rouletteRound } from '../casino/rouletteRound';
import type { RoundGameDef } from './roundGame';
import { slotsRound } from '../casino/slotsRound';
import { spinnerRound } from '../spinner/round';
import { sanctuaryClaimRound } from '../virtualPet/claimRound';
import { gachaRound } from '../virtualPet/gachaRound';
import { breedingRound } from '../virtualPet/breedingRound';
import { mysteryBoxRound } from '../mysteryBox/round';
import { quizDuelRound } from '../quizDuel/round';
import { mergeLabRound } from '../mergeLab/rules';

export const ROUND_GAME_DEFS = [spinnerRound, coinFlipRound, rouletteRound, slotsRound, minefieldRound, sanctuaryClaimRound, gachaRound, breedingRound, mysteryBoxRound, quizDuelRound, mergeLabRound] as const;

type Defs = typeof ROUND_GAME_DEFS;
export type RoundGame = Defs[number]['game'];
type GameNames<T extends readonly unknown[]> = { readonly [I in keyof T]: T[I] extends RoundGameDef<infer G> ? G : never };

/** What game_rounds.game says: one name per game with a random outcome. */
export const ROUND_GAMES = ROUND_GAME_DEFS.map((d) => d.game) as unknown as GameNames<Defs> & readonly RoundGame[];

export const isRoundGame = (value: unknown): value is RoundGame => (ROUND_GAMES as readonly unknown[]).includes(value);

const byGame = new Map<string, RoundGameDef>(ROUND_GAME_DEFS.map((d) => [d.game, d]));

export function roundGameDef(game: RoundGame): RoundGameDef<RoundGame> {
  const def = byGame.get(game);
  if (!def) throw new RangeError(`no such game: ${game}`);
  return def as RoundGameDef<RoundGame>;
}
