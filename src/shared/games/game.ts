// What a hub game declares once, in src/shared/games/<key>/meta.ts, so that the route table,
// the ledger's categories and ref types, the fairness engine's rounds and the hub's cards
// learn a new game from its line in GAMES (index.ts) and from nothing else (DESIGN.md 1a).
//
// No zod here or in any meta.ts: the browser imports GAMES for the hub. The contract (zod
// schemas and route tables) is reached through `contract`, a dynamic import the server awaits
// once at start-up (shared/api/routes.ts) and the browser never calls.
import type { ZodObject } from 'zod';
import type { RouteSpec } from '../api/contract';
import type { GamePublished } from '../published/types';
import type { RoundGameDef } from './engine/roundGame';

export interface GameDef<K extends string = string> {
  /** The one name of the game: its folders on each side, its files and its tables' prefix. */
  key: K;
  /** The hub's URL segment: /games/{slug} (spec games.md section 1). */
  slug: string;
  /** The hub card's title and line. */
  name: string;
  description: string;
  /** The route tables the game owns, by route-table feature name (shared/api/routes.ts). */
  contract: () => Promise<Record<string, Record<string, RouteSpec>>>;
  /** Ledger categories the game's balance changes use, with their statement labels. */
  ledger: Readonly<Record<string, string>>;
  /** Ledger ref types naming the game's business rows (wallet/tables.ts documents each). */
  refTypes: readonly string[];
  /** Its provably fair rounds, in the verifier's order. */
  rounds: readonly RoundGameDef[];
  /**
   * Its table on GET /api/games/leaderboard (under its key) and the leaderboard page: each
   * entry is a player and these numbers; `columns` are the ones the page shows.
   */
  board?: GameBoard;
  /**
   * Its lifetime counters (user_stats names, platform/stats.ts): each is on the player's record
   * under `key` and can be an achievement's criteria, shown with `label`.
   */
  counters?: Readonly<Record<string, GameCounter>>;
  /** What it publishes on /fairness (shared/published), from its published.ts. */
  published?: () => Promise<GamePublished<never>>;
  /** Its live events' payloads by kind (shared/api/live.ts), a type only: see liveEvents. */
  live?: object;
  /** Its part of GET /api/games/progress (the player's own state), from its contract. */
  progress?: () => Promise<ZodObject>;
}

interface GameCounter {
  key: string;
  label: string;
  /** The achievement on it that the first start creates (tasks/seed.ts). */
  achievement: {
    title: string;
    description: string;
    threshold: number;
    reward: number;
    icon: string;
  };
}

interface GameBoard {
  /** The section's heading and the table's caption. */
  title: string;
  fields: readonly string[];
  columns: readonly { field: string; label: string }[];
  /** What the section says while nobody has played. */
  empty: string;
}

/** Keeps a game's literal types, so the route table and the ledger's unions stay exact. */
export const defineGame = <const G extends GameDef>(game: G): G => game;

/** A game's live events, for GameDef.live: the value is empty, the type is what counts. */
export const liveEvents = <T extends Record<string, object>>(): T => ({}) as T;
