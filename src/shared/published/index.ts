// Every section of /fairness, in page order: the shared sections (the staked games' returns,
// free coins, items), whose tables hold each game's rows, then each game's own sections, in
// GAMES order. A game publishes through its GameDef.published (its published.ts), nothing here.
import { GAMES } from '../games/index';
import { faucetsSection } from './faucets';
import { itemsSection } from './items';
import { returnsSection } from './returns';
import type { GamePublished, PublishedInput, PublishedSection, PublishedSectionDef } from './types';

/** A game's part and its key: `own` is input.games[key], what its server module read for it. */
interface Loaded {
  key: string;
  published: GamePublished<unknown>;
}

async function load(): Promise<readonly PublishedSectionDef<PublishedInput>[]> {
  const games: Loaded[] = [];
  for (const game of GAMES) {
    // A game's published.ts takes what its own module reads (its `own`), which only it knows the type of.
    if ('published' in game)
      games.push({ key: game.key, published: (await game.published()) as GamePublished<unknown> });
  }
  const own = (input: PublishedInput, key: string) => input.games[key];
  // Every section takes the whole input as its `own`, and hands each game its part of it.
  const bind = (def: PublishedSectionDef, at?: Loaded): PublishedSectionDef<PublishedInput> => ({
    ...def,
    build: (input) =>
      at
        ? (def as PublishedSectionDef<unknown>).build(input, own(input, at.key))
        : def.build(input, undefined),
  });
  return [
    bind(returnsSection(() => games.flatMap((g) => g.published.returns?.() ?? []))),
    bind(
      faucetsSection((input) =>
        games.flatMap((g) => g.published.faucets?.(own(input, g.key)) ?? []),
      ),
    ),
    bind(itemsSection),
    ...games.flatMap((g) =>
      (g.published.sections ?? []).map((def) => bind(def as PublishedSectionDef, g)),
    ),
  ];
}

let sections: Promise<readonly PublishedSectionDef<PublishedInput>[]> | undefined;
/** The page's sections, in order (loaded once: each game's published.ts is imported on first use). */
export const publishedSections = () => (sections ??= load());

const fixedSections = new Map<PublishedSectionDef<PublishedInput>, PublishedSection>();

/** The page's sections, built from the database's part (`input`) and the shared rules. */
export async function buildPublished(input: PublishedInput): Promise<PublishedSection[]> {
  return (await publishedSections()).map((def) => {
    const built = fixedSections.get(def) ?? {
      key: def.key,
      title: def.title,
      ...def.build(input, input),
    };
    // The pity chains and pay tables take a while to compute, and never change while the code does not.
    if (def.fixed) fixedSections.set(def, built);
    return built;
  });
}

export type { PublishedInput, PublishedItem, PublishedSection } from './types';
