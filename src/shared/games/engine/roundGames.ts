// The games whose outcomes are provably fair rounds (game_rounds), each declared by its game's
// line in GAMES (shared/games/index.ts). The order, GAMES' and then each game's, is the
// verifier's menu and the fairness page's table of returns.
import { GAMES, type Game } from '../index';
import type { RoundGameDef } from './roundGame';

type Def = Game['rounds'][number];
export const ROUND_GAME_DEFS: readonly Def[] = GAMES.flatMap((g): readonly Def[] => g.rounds);

export type RoundGame = Def['game'];

/** What game_rounds.game says: one name per game with a random outcome. */
export const ROUND_GAMES: readonly RoundGame[] = ROUND_GAME_DEFS.map((d) => d.game);

export const isRoundGame = (value: unknown): value is RoundGame =>
  (ROUND_GAMES as readonly unknown[]).includes(value);

const byGame = new Map<string, RoundGameDef>(ROUND_GAME_DEFS.map((d) => [d.game, d]));

export function roundGameDef(game: RoundGame): RoundGameDef<RoundGame> {
  const def = byGame.get(game);
  if (!def) throw new RangeError(`no such game: ${game}`);
  return def as RoundGameDef<RoundGame>;
}
