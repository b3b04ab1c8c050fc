// GAMES: the one list of hub games, in the hub's order (spec games.md section 1). The route
// table (shared/api/routes.ts), the ledger's categories and ref types (shared/api/wallet.ts,
// wallet/tables.ts), the fairness engine's rounds (engine/roundGames.ts) and the hub's cards
// derive from it; a new game is its three folders, a line here, a line in the server's
// modules.ts and a migration (DESIGN.md section 1a). No zod: the browser imports it.
import { spinner } from './spinner/meta';
import { casino } from './casino/meta';
import { minefield } from './minefield/meta';
import { clickFrenzy } from './clickFrenzy/meta';
import { rps } from './rps/meta';
import { puzzleRush } from './puzzleRush/meta';
import { virtualPet } from './virtualPet/meta';
import { mysteryBox } from './mysteryBox/meta';
import { coinTycoon } from './coinTycoon/meta';
import { mergeLab } from './mergeLab/meta';
import { quizDuel } from './quizDuel/meta';
import { idleNgu } from './idleNgu/meta';
import type { Intersect } from '../types';

export const GAMES = [spinner, casino, minefield, clickFrenzy, rps, puzzleRush, virtualPet, mysteryBox, coinTycoon, mergeLab, quizDuel, idleNgu] as const;

export type Game = (typeof GAMES)[number];
export type GameKey = Game['key'];

/** Every game's route tables, by route-table feature name. */
export type GameRouteTables = Intersect<Awaited<ReturnType<Game['contract']>>>;

type LedgerOf<G> = G extends { ledger: infer L } ? keyof L & string : never;
/** Ledger categories the games add, with their statement labels. */
export type GameLedgerCategory = LedgerOf<Game>;
export const GAME_LEDGER_LABELS = Object.assign({}, ...GAMES.map((g) => g.ledger)) as Record<GameLedgerCategory, string>;
export type GameRefType = Game['refTypes'][number];
export const GAME_REF_TYPES: readonly GameRefType[] = GAMES.flatMap((g) => g.refTypes);

/** Every game's route tables, for the server's route table; the browser never calls it. */
export async function loadGameRouteTables(): Promise<GameRouteTables> {
  const tables = await Promise.all(GAMES.map((g) => g.contract()));
  return Object.assign({}, ...tables) as GameRouteTables;
}
