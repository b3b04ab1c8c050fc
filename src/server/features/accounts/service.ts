import { and, eq, ne, sql } from 'drizzle-orm';
import { STARTING_BALANCE } from '../../../shared/constants';
import type {
  AuthResponse,
  PendingRegistration,
  RegisterResponse,
  Role,
  UserDto,
} from '../../../shared/api/accounts';
import { passwordSchema, usernameSchema } from '../../../shared/api/common';
import { pgErrorCode, type Queryable } from '../../db/client';
import { users } from './tables';
import type { Deps } from '../../platform/deps';
import {
  badRequest,
  banned,
  conflict,
  forbidden,
  notFound,
  unauthorized,
  zodRefusal,
} from '../../platform/errors';
import { burnVerifyTime, hashPassword, verifyPassword } from '../../platform/passwords';
import { readStats } from '../../platform/stats';
import { ledger } from '../wallet/public';
import { closeAccount, suspensionOf, type ClosureReason } from '../../platform/module';
import { presentPublicUser, presentUser } from './presenter';
import { readOwnView, readOwnViewIn, readPublicView } from './userView';
import {
  findUserById,
  findUserByUsername,
  insertUser,
  isVisible,
  lockUser,
  usernameTaken,
  type UserRow,
  type VisibleUserRow,
} from './queries';
import { countSignup } from './newAccounts';
import { checkRegistrationOpen, refuseWaitingSignIn, requestSignup, spendInvite } from './signup';
import { replaceCodes } from './recovery/codes';
import { checkSignInCode, forgetRecovery } from './recovery/service';

const usernameTakenError = () => conflict('That username is already taken');

/** Creates an account with its starting grant; shared by registration and the seed. */
export async function createAccount(
  q: Queryable,
  input: { username: string; passwordHash: string; role?: Role },
): Promise<VisibleUserRow> {
  if (await usernameTaken(q, input.username)) throw usernameTakenError();
  let user: VisibleUserRow;
  try {
    user = await insertUser(q, input);
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw usernameTakenError();
    throw err;
  }
  const balances = await ledger.post(
    q,
    [{ userId: user.id, delta: STARTING_BALANCE, category: 'registration_grant' }],
    {
      refType: 'user',
      refId: user.id,
    },
  );
  return { ...user, balance: balances.get(user.id) ?? user.balance };
}

export async function register(
  deps: Deps,
  body: { username: string; password: string; inviteCode?: string | undefined },
  ip: string,
): Promise<RegisterResponse | PendingRegistration> {
  const { username, inviteCode } = body;
  checkRegistrationOpen(deps, inviteCode);
  const passwordHash = await hashPassword(body.password);
  // No account yet, so no recovery codes: an approved player makes them from the profile.
  if (deps.config.registrationMode === 'approval')
    return requestSignup(deps, username, passwordHash, ip);
  // The session row is also the registration's first login (platform/stats.ts counts logins by session).
  const { user, token, stats, recoveryCodes } = await deps.db.tx(async (tx) => {
    await countSignup(deps, tx, ip);
    if (deps.config.registrationMode === 'invite' && inviteCode)
      await spendInvite(deps, tx, inviteCode);
    const created = await createAccount(tx, { username, passwordHash });
    const token = await deps.sessions.create(tx, created.id);
    const recoveryCodes = await replaceCodes(tx, created.id);
    return { user: created, token, stats: await readStats(tx, created.id), recoveryCodes };
  });
  return { token, user: presentUser(user, stats), recoveryCodes };
}

/** `code`: with two-factor sign-in on, the authenticator's code or a recovery code. */
export async function login(
  deps: Deps,
  username: string,
  password: string,
  code: string | undefined,
  ip: string,
): Promise<AuthResponse> {
  const found = await findUserByUsername(deps.db, username);
  if (!found) {
    await refuseWaitingSignIn(deps.db, username, password);
    await burnVerifyTime(password);
    throw unauthorized('Invalid username or password');
  }
  if (!(await verifyPassword(found.passwordHash, password)))
    throw unauthorized('Invalid username or password');
  if (found.status === 'banned') {
    // A suspension that ran out ends here if the sweep has not ended it yet.
    const why = await suspensionOf(deps, deps.db, found.id);
    if (why !== 'ended') throw banned(why ?? undefined);
  }
  await checkSignInCode(deps, found.id, code, ip);
  return deps.db.tx(async (tx) => {
    // Locked against a concurrent ban or deletion: either it waits for this session to exist
    // (and then revokes it), or this sees its outcome.
    const user = await lockUser(tx, found.id);
    if (!user) throw unauthorized('Invalid username or password');
    if (user.status === 'banned') throw banned();
    // The new session is the login that is counted.
    const token = await deps.sessions.create(tx, user.id);
    const { stats, collections } = await readOwnViewIn(tx, deps, user.id);
    return { token, user: presentUser(user, stats, collections) };
  });
}

/** The own record: one prepared statement (issue 36). */
export async function getOwnUser(deps: Deps, userId: number): Promise<UserDto> {
  const { user, stats, collections } = await readOwnView(deps, userId);
  if (!user) throw unauthorized('Your account no longer exists');
  return presentUser(user, stats, collections);
}

export async function getPublicUser(deps: Deps, username: string) {
  const { user, collections } = await readPublicView(deps, username);
  if (!user) throw notFound(`User ${username} not found`);
  return presentPublicUser(user, collections);
}

export interface ProfileChanges {
  username?: unknown;
  password?: unknown;
  currentPassword?: unknown;
  image?: Buffer;
}

function parseField<T>(
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: Parameters<typeof zodRefusal>[0] } };
  },
  value: unknown,
  field: string,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw zodRefusal(result.error.issues, value, field);
  return result.data;
}

/** `ip`: the caller's address, which password checks are counted by too. */
export async function updateProfile(
  deps: Deps,
  userId: number,
  tokenHash: string,
  ip: string,
  changes: ProfileChanges,
): Promise<UserDto> {
  const current = await findUserById(deps.db, userId);
  if (!current) throw unauthorized('Your account no longer exists');
  const username =
    changes.username === undefined || changes.username === ''
      ? undefined
      : parseField(usernameSchema, changes.username, 'username');
  const password =
    changes.password === undefined || changes.password === ''
      ? undefined
      : parseField(passwordSchema, changes.password, 'password');
  if (username === undefined && password === undefined && !changes.image) {
    throw badRequest('Nothing to update: send a username, password or image');
  }
  if (
    username !== undefined &&
    username !== current.username &&
    (await usernameTaken(deps.db, username, userId))
  ) {
    throw usernameTakenError();
  }
  // A stolen token alone must not be enough to take the account over.
  if (password !== undefined) {
    if (typeof changes.currentPassword !== 'string' || changes.currentPassword === '') {
      throw badRequest('currentPassword is required to change the password', [
        { field: 'currentPassword', rule: 'required' },
      ]);
    }
    await deps.passwordChecks.count(userId, ip);
    if (!(await verifyPassword(current.passwordHash, changes.currentPassword)))
      throw forbidden('currentPassword is incorrect', [
        { field: 'currentPassword', rule: 'incorrect' },
      ]);
  }
  const profileImage = changes.image
    ? await deps.uploads.saveSquareImage(changes.image)
    : undefined;
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  const updated = await deps.db.tx(async (tx) => {
    let row: UserRow | undefined;
    try {
      [row] = await tx.orm
        .update(users)
        .set({
          ...(username === undefined ? {} : { username }),
          ...(passwordHash ? { passwordHash } : {}),
          ...(profileImage ? { profileImage } : {}),
        })
        .where(and(eq(users.id, userId), ne(users.status, 'deleted')))
        .returning();
    } catch (err) {
      if (pgErrorCode(err) === '23505') throw usernameTakenError();
      throw err;
    }
    // Deleted since the checks above.
    if (!row || !isVisible(row)) throw unauthorized('Your account no longer exists');
    if (passwordHash) await deps.sessions.revokeAllFor(tx, userId, tokenHash);
    return row;
  });
  if (username !== undefined) deps.sessions.forgetUser(userId);
  else if (passwordHash) deps.sessions.forgetUser(userId, tokenHash); // again, now that the revocation is committed
  // The replaced picture is nobody's any more (file names are random per upload).
  if (profileImage && current.profileImage && current.profileImage !== profileImage)
    await deps.uploads.remove(current.profileImage);
  const { stats, collections } = await readOwnView(deps, userId);
  return presentUser(updated, stats, collections);
}

export async function deleteAccount(
  deps: Deps,
  userId: number,
  ip: string,
  password: string,
): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized('Your account no longer exists');
  await deps.passwordChecks.count(userId, ip);
  if (!(await verifyPassword(user.passwordHash, password)))
    throw forbidden('Password is incorrect');
  await deps.db.tx(async (tx) => {
    if (user.role === 'admin') {
      const [admins] = await tx.rows<{ n: number }>(
        sql`select count(*)::int as n from users where role = 'admin' and status = 'active'`,
      );
      if ((admins?.n ?? 0) <= 1) throw conflict('The last admin cannot delete their account');
    }
    // Every module ends what the user has open (escrow refunded, duels and trades canceled),
    // accounts' own step (closeOwnAccount) among them, in the module list's order.
    await closeAccount(deps, tx, userId, 'deleted');
  });
  deps.sessions.forgetUser(userId); // again, now that the revocation is committed
  if (user.profileImage) await deps.uploads.remove(user.profileImage);
}

/**
 * Accounts' part of closing an account (the module list runs it after the modules that refund
 * escrow, since their refunds lock other users' accounts first): a deletion burns the balance
 * and frees the name, a ban sets the status; either way every session ends.
 */
export async function closeOwnAccount(
  tx: Queryable,
  userId: number,
  reason: ClosureReason,
  deps: Deps,
): Promise<void> {
  if (reason === 'deleted') {
    // Lock the row so a concurrent transfer cannot slip in between reading and burning the balance.
    const [locked] = await tx.rows<{ balance: number }>(
      sql`select balance from users where id = ${userId} for update`,
    );
    if (locked && locked.balance > 0) {
      await ledger.post(tx, [{ userId, delta: -locked.balance, category: 'account_closed' }], {
        refType: 'user',
        refId: userId,
      });
    }
    // '~' cannot appear in a username, so the freed name can be registered again without a clash.
    await tx.orm
      .update(users)
      .set({
        status: 'deleted',
        username: `~deleted~${userId}`,
        passwordHash: '',
        profileImage: null,
        deletedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await forgetRecovery(tx, userId);
  } else {
    await tx.orm.update(users).set({ status: 'banned' }).where(eq(users.id, userId));
  }
  await deps.sessions.revokeAllFor(tx, userId);
}
