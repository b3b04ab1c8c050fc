import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SanctionDetails } from '../../shared/sanctions';
import type { Queryable } from '../db/client';
import type { Deps } from './deps';
import type { Listeners } from './events';
import type { ReadPart } from './readParts';
import type { AllHandlers } from './routing';
import type { UserCollections } from '../features/accounts/presenter';
import type { GameLeaderboardDto } from '../../shared/api/leaderboard';
import type { GamesProgressDto } from '../../shared/games/routes';

/** Why an account stops taking part: its owner deleted it, or an admin banned it. */
export type ClosureReason = 'deleted' | 'banned';

/** Work a module wants done every `everyMs` in each process (reads also do it lazily). */
interface Sweep {
  /** For the log line when it fails. */
  what: string;
  everyMs: number;
  run: (deps: Deps) => Promise<unknown>;
}

/**
 * What a server feature adds to the app (DESIGN.md section 1). `src/server/modules.ts` lists
 * every module; app.ts, account closure, the audit and the user view loop over that list, so
 * a new feature is a folder and a line there, and no other feature imports its service.
 */
export interface FeatureModule {
  name: string;
  /** Handlers for the route-table features this module owns (shared/api/routes.ts). */
  handlers?: (deps: Deps) => Partial<AllHandlers>;
  sweeps?: Sweep[];
  /**
   * What it does when a domain event is delivered (platform/events.ts): each listener runs in
   * the delivery transaction, with its Queryable.
   */
  listeners?: (deps: Deps) => Listeners;
  /** Background work started with the app; returns what stops it. */
  start?: (deps: Deps, log: FastifyBaseLogger) => () => void | Promise<void>;
  /**
   * Runs in the transaction that deletes or bans an account, in the list's order (a module
   * that refunds escrow, and so locks other users' accounts, comes before accounts, which
   * locks and closes this one). After it nothing of the user's may stay open in the module.
   */
  /**
   * Why a banned account may not sign in (the sanctions feature): its suspension, 'ended' when
   * it ran out (the account is active again), null when no sanction explains it.
   */
  suspension?: (
    deps: Deps,
    q: Queryable,
    userId: number,
  ) => Promise<SanctionDetails | 'ended' | null>;
  onAccountClosed?: (
    tx: Queryable,
    userId: number,
    reason: ClosureReason,
    deps: Deps,
  ) => Promise<void>;
  /**
   * The units this module has locked for things still open, one row each as (user_id,
   * item_id, quantity): the items audit checks that every locked unit is one of them.
   */
  itemLocks?: SQL;
  /**
   * What this module has promised out of ledger accounts, one row per promise as (account_id,
   * amount): the audit checks that each account's committed coins are exactly these.
   */
  accountPromises?: SQL;
  /**
   * The part of the user view (own and public profile) this module owns: a column of the one
   * statement accounts composes of every module's part (platform/readParts.ts).
   */
  profile?: ReadPart<Partial<UserCollections>>;
  /**
   * What the first start on an empty database adds, in its transaction after the accounts
   * (`demo`: SEED_DEMO is on), and what every start renews (demo content that runs out).
   */
  seed?: {
    first?: (tx: Queryable, demo: boolean) => Promise<void>;
    everyStart?: (db: Queryable, now: Date, demo: boolean) => Promise<{ demoBets?: number } | void>;
  };
  /** This game's tables on GET /api/games/leaderboard. */
  gameLeaderboard?: (q: Queryable) => Promise<Partial<GameLeaderboardDto>>;
  /** What this game's published figures (GameDef.published) read from the database, under its key. */
  publishedInput?: (q: Queryable) => Promise<Record<string, unknown>>;
  /**
   * This game's part of GET /api/games/progress: its SQL, which the hub runs in one statement
   * with every other game's (platform/readParts.ts).
   */
  gamesProgress?: ReadPart<Partial<GamesProgressDto>>;
}

/** Keeps a module's exact handler type, so the module list can prove every route has a handler. */
export const defineModule = <const M extends FeatureModule>(module: M): M => module;

/** Runs every module's account-closure hook, in the list's order, inside the caller's transaction. */
export async function closeAccount(
  deps: Deps,
  tx: Queryable,
  userId: number,
  reason: ClosureReason,
): Promise<void> {
  for (const m of deps.modules) await m.onAccountClosed?.(tx, userId, reason, deps);
}

/** What the modules say of a banned account at sign-in (see FeatureModule.suspension). */
export async function suspensionOf(
  deps: Deps,
  q: Queryable,
  userId: number,
): Promise<SanctionDetails | 'ended' | null> {
  for (const m of deps.modules) {
    const why = await m.suspension?.(deps, q, userId);
    if (why !== undefined && why !== null) return why;
  }
  return null;
}

/** Every module's part of the user view, under the module's name. */
export function profileParts(
  modules: readonly FeatureModule[],
): Record<string, ReadPart<Partial<UserCollections>>> {
  return Object.fromEntries(modules.flatMap((m) => (m.profile ? [[m.name, m.profile]] : [])));
}

/** Every module's game tables, over `empty` (what the page shows for a game without players). */
export async function gameLeaderboards(
  deps: Pick<Deps, 'modules' | 'db'>,
  empty: GameLeaderboardDto,
): Promise<GameLeaderboardDto> {
  const parts = await Promise.all(deps.modules.map((m) => m.gameLeaderboard?.(deps.db)));
  return Object.assign(empty, ...parts.filter(Boolean));
}

/** Every module's part of the games progress, keyed by module, for the hub's composed read. */
export function gamesProgressParts(
  modules: readonly FeatureModule[],
): Record<string, ReadPart<Partial<GamesProgressDto>>> {
  return Object.fromEntries(
    modules.flatMap((m) => (m.gamesProgress ? [[`module:${m.name}`, m.gamesProgress]] : [])),
  );
}

/** Every game's part of the published figures' input, by game key. */
export async function publishedInputs(
  deps: Pick<Deps, 'modules'>,
  q: Queryable,
): Promise<Record<string, unknown>> {
  const parts = await Promise.all(deps.modules.map((m) => m.publishedInput?.(q)));
  return Object.assign({}, ...parts.filter(Boolean));
}
