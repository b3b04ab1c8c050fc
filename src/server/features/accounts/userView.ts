import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { profileParts, type FeatureModule } from '../../platform/module';
import {
  composedRead,
  jsonValue,
  placeholderArgs,
  readPart,
  selectParts,
  type ReadPart,
} from '../../platform/readParts';
import { statsOf, statsParts, type StatsRow, type UserStats } from '../../platform/stats';
import { noCollections, type ShownUserRow, type UserCollections } from './presenter';
import type { UserRow } from './queries';

/** The users row as json_build_object writes it (bigints as numbers, the time as text). */
interface ShownUserJson {
  id: number;
  username: string;
  balance: number;
  role: UserRow['role'];
  status: ShownUserRow['status'];
  profile_image: string | null;
  bets_placed: number;
  bets_won: number;
  created_at: string;
}

/** The users row as the user view shows it: null for an account deleted or never made. */
const shownUserPart = readPart({
  expr: ({ userId }) => sql`(
    select json_build_object('id', id, 'username', username, 'balance', balance, 'role', role,
      'status', status, 'profile_image', profile_image, 'bets_placed', bets_placed,
      'bets_won', bets_won, 'created_at', created_at)
    from users where id = ${userId} and status <> 'deleted')`,
  decode: (value): ShownUserRow | null => {
    const row = jsonValue<ShownUserJson | null>(value, null);
    return (
      row && {
        id: Number(row.id),
        username: row.username,
        balance: Number(row.balance),
        role: row.role,
        status: row.status,
        profileImage: row.profile_image,
        betsPlaced: Number(row.bets_placed),
        betsWon: Number(row.bets_won),
        createdAt: new Date(row.created_at),
      }
    );
  },
});

interface UserView {
  user: ShownUserRow | null;
  stats: UserStats;
  collections: UserCollections;
}

type Parts = Record<string, ReadPart<unknown>>;

/**
 * The user view's statements for one module list, built once: the own record (the users row,
 * the counters and logins, every module's profile part) and the public profile (the row and
 * the parts, found by name in the same statement), each one prepared statement.
 */
function buildViews(modules: readonly FeatureModule[], suffix: string) {
  const profiles = Object.entries(profileParts(modules)).map(
    ([name, part]) => [`profile:${name}`, part] as const,
  );
  const collectionsOf = (decoded: Record<string, unknown>): UserCollections =>
    Object.assign(noCollections(), ...profiles.map(([key]) => decoded[key]));
  const own = composedRead(`user_view${suffix}`, {
    ...Object.fromEntries(profiles),
    user: shownUserPart,
    ...statsParts,
  } as Parts);
  const ownView = (decoded: Record<string, unknown>): UserView => ({
    user: decoded.user as ShownUserRow | null,
    stats: statsOf(decoded as unknown as StatsRow),
    collections: collectionsOf(decoded),
  });
  const publicParts = selectParts(
    { ...Object.fromEntries(profiles), user: shownUserPart } as Parts,
    // An alias no part's own SQL is likely to reuse (it would hide this one inside the part).
    { userId: sql`public_user.id`, now: placeholderArgs.now },
  );
  const publicStatement = sql`select ${publicParts.columns} from users public_user
    where lower(public_user.username) = lower(${sql.placeholder('username')}) and public_user.status <> 'deleted'`;
  return {
    own: async (deps: Deps, userId: number) =>
      ownView(await own(deps.db, userId, deps.clock.now())),
    ownIn: async (q: Queryable, deps: Deps, userId: number) =>
      ownView(await own.in(q, userId, deps.clock.now())),
    public: async (deps: Deps, username: string) => {
      const [row] = await deps.db.compiled<Record<string, unknown>>(
        `public_user_view${suffix}`,
        publicStatement,
        { username, now: deps.clock.now().toISOString() },
      );
      const decoded = publicParts.decode(row);
      return { user: decoded.user as ShownUserRow | null, collections: collectionsOf(decoded) };
    },
  };
}

const built = new WeakMap<readonly FeatureModule[], ReturnType<typeof buildViews>>();
let lists = 0;

/** The views of deps.modules; another module list (a test's) gets statements of other names. */
function viewsOf(modules: readonly FeatureModule[]) {
  let views = built.get(modules);
  if (!views) {
    lists++;
    views = buildViews(modules, lists === 1 ? '' : `_${lists}`);
    built.set(modules, views);
  }
  return views;
}

/** The own record's data in one prepared statement. */
export const readOwnView = (deps: Deps, userId: number) => viewsOf(deps.modules).own(deps, userId);
/** readOwnView inside a caller's transaction (a login sees its new session counted). */
export const readOwnViewIn = (q: Queryable, deps: Deps, userId: number) =>
  viewsOf(deps.modules).ownIn(q, deps, userId);
/** The public profile's data by username (ignoring case), in one prepared statement. */
export const readPublicView = (deps: Deps, username: string) =>
  viewsOf(deps.modules).public(deps, username);
