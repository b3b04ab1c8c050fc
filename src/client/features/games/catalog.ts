import type { LucideIcon } from 'lucide-react';
import type { lazyPage } from '../../app/lazyChunk';
import { GAME_CARDS as GAME_TEXTS } from 'virtual:fs-contract';
import type { GameKey } from '../../../shared/games';

/** What a game's client folder adds to its GAMES entry: `games/<key>/card.ts` exports it as `card`. */
export interface GameClient {
  icon: LucideIcon;
  /** The route's lazy loader (the page's chunk loads when the route is visited). */
  page: ReturnType<typeof lazyPage>;
  /**
   * Pages under /games/{key}/{path}. A card with sub-pages owns its whole branch: any other path
   * below /games/{key}/ shows its `page` (spec section 2: /games/virtual-pet/* is the sanctuary).
   */
  subPages?: readonly { path: string; title: string; page: ReturnType<typeof lazyPage> }[];
}

/**
 * Spec section 1: a hub card links to /games/{key}, which the router serves from its `page`
 * (router.tsx maps this list). `key` is the URL segment (the game's slug); `game` is its key.
 */
export interface GameCard extends GameClient {
  key: string;
  game: GameKey;
  name: string;
  description: string;
}

// Each game folder's card.ts, found by its place: a new game adds no line on this side.
const clients = import.meta.glob<GameClient>('./*/card.ts', { eager: true, import: 'card' });

/** The hub's cards in GAMES' order; a page is required, so no card can say 'Coming soon'. */
// The words come from GAMES through the build (shared/clientTables.ts), so this chunk holds no rules.
export const GAME_CARDS: readonly GameCard[] = GAME_TEXTS.map((g) => {
  const client = clients[`./${g.game}/card.ts`];
  if (!client)
    throw new Error(
      `src/client/features/games/${g.game}/card.ts is missing: every game in GAMES has one`,
    );
  return { ...client, key: g.slug, game: g.game, name: g.name, description: g.description };
});
