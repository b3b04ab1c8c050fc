// The rows of /fairness (issue 34): every number the site publishes about returns, caps, odds
// and items, as text built by the functions that pay. The page renders these rows and nothing
// else; the server builds them (it adds what lives in the database: wheels, items, tasks).
import type { SpinnerId } from '../games/engine/catalog';
import type { ItemTerms } from '../games/engine/items';
import type { SpinnerTable } from '../games/spinner/rules';

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
  spinners: Readonly<Record<SpinnerId, SpinnerTable>>;
  /** Items on sale (not retired, not mystery-box collectibles, not pet goods). */
  items: readonly PublishedItem[];
  /** Reward sums of the active tasks, by type. */
  tasks: { daily: number; weekly: number; bonus: number };
  /** Reward sum of every achievement. */
  achievements: number;
}

/** One section of the page: a new game adds one (or rows to one) in its own file and a line in index.ts. */
export interface PublishedSectionDef {
  key: string;
  title: string;
  /** Built once: its figures come from the code alone, not from the database. */
  fixed?: true;
  build: (input: PublishedInput) => { notes: string[]; tables: PublishedTable[] };
}

export const coins = (n: number): string => n.toLocaleString('en-US');

export const table = (key: string, caption: string, columns: string[], rows: PublishedRow[]): PublishedTable => ({ key, caption, columns, rows });

export const row = (key: string, ...cells: string[]): PublishedRow => ({ key, cells });
