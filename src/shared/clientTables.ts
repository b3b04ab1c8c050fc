import type { RouteSpec } from './api/contract';
import { routes, type IdempotentRouteName, type PublicRouteName } from './api/routes';
import { GAMES, type GameKey } from './games';

/**
 * Tables the browser needs at run time, derived from declarations that carry zod schemas. Node
 * evaluates this file at build time (scripts/fsContract.ts) and the client imports the result
 * as plain JSON from `virtual:fs-contract`, so neither zod nor a hand-kept copy reaches it.
 * A new table is one more key here (and one line in src/client/fsContract.d.ts).
 */

/** A route's runtime flags for client/lib/api.ts; a route with neither is absent from the table. */
export interface RouteFlags {
  /** Called without a token (spec section 6). */
  readonly public?: true;
  /** Sent with an Idempotency-Key and re-sent with it when the connection drops. */
  readonly idempotent?: true;
}

export type FlaggedRouteName = PublicRouteName | IdempotentRouteName;

export function routeFlags(
  table: Record<string, Record<string, RouteSpec>> = routes,
): Record<FlaggedRouteName, RouteFlags> {
  const flags: Record<string, RouteFlags> = {};
  for (const feature of Object.values(table)) {
    for (const [name, spec] of Object.entries(feature)) {
      const entry = {
        ...(spec.auth === 'public' && { public: true as const }),
        ...(spec.idempotent && { idempotent: true as const }),
      };
      if (Object.keys(entry).length > 0) flags[name] = entry;
    }
  }
  return flags as Record<FlaggedRouteName, RouteFlags>;
}

/** A hub card's words, in GAMES' order: the router and the hub read them without the games' rules. */
export interface GameCardText {
  readonly game: GameKey;
  /** The URL segment: /games/{slug}. */
  readonly slug: string;
  readonly name: string;
  readonly description: string;
}

export const clientTables = {
  ROUTE_FLAGS: routeFlags(),
  GAME_CARDS: GAMES.map((g): GameCardText => ({
    game: g.key,
    slug: g.slug,
    name: g.name,
    description: g.description,
  })),
};

export type ClientTables = typeof clientTables;
