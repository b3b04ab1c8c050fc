// The rows of /fairness (issue 34): every number the site publishes about returns, caps, odds
// and items, as text built by the functions that pay. The page renders these rows and nothing
// else; the server builds them (it adds what lives in the database: wheels, items, tasks).
import type { ItemTerms } from '../games/engine/items';

export interface PublishedRow {
  /** Stable within its table: the tests and the page's test ids find a row by it. */
  key: string;
  cells: string[];
}

export interface PublishedTable {
  key: string;
  caption: string;
  columns: string[];
  rows: PublishedRow[];
}

export interface PublishedSection {
  /** The section's anchor on the page (/fairness#returns). */
  key: string;
  title: string;
  /** Paragraphs before the tables: rules in words, with their numbers. */
  notes: string[];
  tables: PublishedTable[];
}

/** A store item as /fairness lists it. */
export interface PublishedItem extends ItemTerms {
  id: string;
  name: string;
  emoji: string | null;
}

/** What the database holds that the published figures depend on. */
export interface PublishedInput {
  /** Each game's own figures from the database (its server module's publishedInput), by key. */
  games: Readonly<Record<string, unknown>>;
  /** Items on sale (not retired, not mystery-box collectibles, not pet goods). */
  items: readonly PublishedItem[];
  /** Reward sums of the active tasks, by type. */
  tasks: { daily: number; weekly: number; bonus: number };
  /** Reward sum of every achievement. */
  achievements: number;
}

/**
 * One section of the page. `own` is what the game's server module reads for it (its
 * publishedInput); the shared sections have none.
 */
export interface PublishedSectionDef<Own = undefined> {
  key: string;
  title: string;
  /** Built once: its figures come from the code alone, not from the database. */
  fixed?: true;
  build: (input: PublishedInput, own: Own) => { notes: string[]; tables: PublishedTable[] };
}

/**
 * What a game publishes (GameDef.published, from its own published.ts): its rows in the shared
 * tables of free coins and of games that take stakes, and its own sections.
 */
export interface GamePublished<Own = undefined> {
  faucets?: (own: Own) => PublishedRow[];
  returns?: () => PublishedRow[];
  sections?: readonly PublishedSectionDef<Own>[];
}

export const coins = (n: number): string => n.toLocaleString('en-US');

export const table = (
  key: string,
  caption: string,
  columns: string[],
  rows: PublishedRow[],
): PublishedTable => ({ key, caption, columns, rows });

export const row = (key: string, ...cells: string[]): PublishedRow => ({ key, cells });
