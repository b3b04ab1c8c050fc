import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type {
  PendingSignupDto,
  PublicConfigDto,
  SignupInviteDto,
} from '../../../shared/api/signup';
import type { PendingRegistration } from '../../../shared/api/accounts';
import { pgErrorCode, type Queryable } from '../../db/client';
import { logAdminAction } from '../../platform/adminLog';
import type { AuthUser } from '../../platform/auth';
import type { Deps } from '../../platform/deps';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { verifyPassword } from '../../platform/passwords';
import { countSignup } from './newAccounts';
import { usernameTaken } from './queries';

/*
 * Sign-up control (issue 39, REGISTRATION_MODE). Only POST /auth/register is refused or held:
 * the seed's admin and demo players, and accounts an admin approves, are made by createAccount
 * directly, so they sign in whatever the mode.
 */

export const publicConfig = (deps: Pick<Deps, 'config'>): PublicConfigDto => ({
  registrationMode: deps.config.registrationMode,
});

/** What registration needs before it hashes a password: the mode's own refusals. */
export function checkRegistrationOpen(deps: Pick<Deps, 'config'>, inviteCode?: string): void {
  const mode = deps.config.registrationMode;
  if (mode === 'closed') throw forbidden('Registration is closed');
  if (mode === 'invite' && !inviteCode)
    throw badRequest('inviteCode is required: registration here is by invitation', [
      { field: 'inviteCode', rule: 'required' },
    ]);
}

/**
 * Spends one use of `code` in the registration's transaction: one conditional UPDATE, so the
 * last use goes to exactly one of several racing registrations, and a registration refused
 * later (a taken name) gives it back by rolling back.
 */
export async function spendInvite(
  deps: Pick<Deps, 'clock'>,
  tx: Queryable,
  code: string,
): Promise<void> {
  const now = deps.clock.now().toISOString();
  const [used] = await tx.rows<{ code: string }>(sql`
    update signup_invites set uses = uses + 1
    where code = ${code} and revoked_at is null and uses < max_uses and expires_at > ${now}::timestamptz
    returning code`);
  if (used) return;
  const [why] = await tx.rows<{ expired: boolean; revoked: boolean }>(sql`
    select expires_at <= ${now}::timestamptz as expired, revoked_at is not null as revoked
    from signup_invites where code = ${code}`);
  if (!why || why.revoked)
    throw forbidden(`inviteCode is not a valid invite code${why ? ': it was revoked' : ''}`, [
      { field: 'inviteCode', rule: 'invalid', value: code },
    ]);
  throw new AppError(
    410,
    'GONE',
    why.expired
      ? 'This invite code has expired: ask for a new one'
      : 'This invite code has been used up: ask for a new one',
  );
}

const waitingWords =
  'Your account is waiting for approval by an admin: you can sign in once it is approved';

/** Registration under REGISTRATION_MODE=approval: the name and password wait for an admin. */
export async function requestSignup(
  deps: Deps,
  username: string,
  passwordHash: string,
  ip: string,
): Promise<PendingRegistration> {
  await deps.db.tx(async (tx) => {
    await countSignup(deps, tx, ip);
    if (await usernameTaken(tx, username)) throw conflict('That username is already taken');
    try {
      await tx.rows(sql`
        insert into signup_requests (username, password_hash, created_at)
        values (${username}, ${passwordHash}, ${deps.clock.now().toISOString()})`);
    } catch (err) {
      if (pgErrorCode(err) === '23505') throw conflict('That username is already taken');
      throw err;
    }
  });
  return { pending: true, message: waitingWords };
}

/**
 * Sign-in of a name no account has: when it is a registration that waits (or was declined) and
 * the password is its own, the answer says so; otherwise the caller's usual refusal stands.
 */
export async function refuseWaitingSignIn(
  q: Queryable,
  username: string,
  password: string,
): Promise<void> {
  const [row] = await q.rows<{ password_hash: string; status: 'pending' | 'denied' }>(sql`
    select password_hash, status from signup_requests where lower(username) = lower(${username})`);
  if (!row || !(await verifyPassword(row.password_hash, password))) return;
  throw forbidden(
    row.status === 'pending' ? waitingWords : 'Your registration was declined by an admin',
  );
}

interface InviteRow {
  code: string;
  expires_at: string;
  max_uses: number;
  uses: number;
  created_at: string;
  created_by: string | null;
}

const presentInvite = (r: InviteRow): SignupInviteDto => ({
  code: r.code,
  expiresAt: new Date(r.expires_at).toISOString(),
  maxUses: r.max_uses,
  uses: r.uses,
  createdAt: new Date(r.created_at).toISOString(),
  createdBy: r.created_by,
});

export async function createInvite(
  deps: Deps,
  admin: AuthUser,
  body: { maxUses: number; expiresInHours: number },
): Promise<SignupInviteDto> {
  const code = randomBytes(9).toString('base64url');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + body.expiresInHours * 3_600_000).toISOString();
  return deps.db.tx(async (tx) => {
    const [row] = await tx.rows<InviteRow>(sql`
      insert into signup_invites (code, max_uses, expires_at, created_by, created_at)
      values (${code}, ${body.maxUses}, ${expiresAt}, ${admin.id}, ${now.toISOString()})
      returning code, expires_at, max_uses, uses, created_at, ${admin.username}::text as created_by`);
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'create_invite',
      details: `Made an invite code for ${body.maxUses} registration${body.maxUses === 1 ? '' : 's'}, valid ${body.expiresInHours} h`,
      target: code,
    });
    return presentInvite(row!);
  });
}

/** Codes that can still be used; at most 200 (an admin revokes or lets them expire). */
export async function listInvites(deps: Deps): Promise<SignupInviteDto[]> {
  const rows = await deps.db.rows<InviteRow>(sql`
    select i.code, i.expires_at, i.max_uses, i.uses, i.created_at, u.username as created_by
    from signup_invites i left join users u on u.id = i.created_by and u.status <> 'deleted'
    where i.revoked_at is null and i.uses < i.max_uses
      and i.expires_at > ${deps.clock.now().toISOString()}::timestamptz
    order by i.created_at desc, i.code limit 200`);
  return rows.map(presentInvite);
}

export async function revokeInvite(
  deps: Deps,
  admin: AuthUser,
  code: string,
): Promise<{ message: string }> {
  return deps.db.tx(async (tx) => {
    const [row] = await tx.rows<{ code: string }>(sql`
      update signup_invites set revoked_at = ${deps.clock.now().toISOString()}
      where code = ${code} and revoked_at is null returning code`);
    if (!row) {
      const [known] = await tx.rows(sql`select 1 from signup_invites where code = ${code}`);
      if (known) throw conflict('That invite code is already revoked');
      throw notFound(`No invite code ${code}`, [{ field: 'code', rule: 'not_found', value: code }]);
    }
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'revoke_invite',
      details: `Revoked the invite code ${code}`,
      target: code,
    });
    return { message: 'Invite code revoked' };
  });
}

const SIGNUPS_PAGE = 50;

export async function listPendingSignups(
  deps: Deps,
  cursor: string | undefined,
): Promise<{ signups: PendingSignupDto[]; nextCursor: string | null }> {
  const rows = await deps.db.rows<{ id: number; username: string; created_at: string }>(sql`
    select id, username, created_at from signup_requests
    where status = 'pending' ${cursor ? sql`and id > ${Number(cursor)}` : sql``}
    order by id limit ${SIGNUPS_PAGE + 1}`);
  const page = rows.slice(0, SIGNUPS_PAGE);
  return {
    signups: page.map((r) => ({
      _id: String(r.id),
      username: r.username,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    nextCursor: rows.length > SIGNUPS_PAGE ? String(page[page.length - 1]!.id) : null,
  };
}

const noWaitingSignup = (username: string) =>
  notFound(`No registration of ${username} is waiting for approval`, [
    { field: 'username', rule: 'not_found', value: username },
  ]);

/**
 * Approves a waiting registration: one conditional DELETE takes it (a second approval, or a
 * denial at once, finds nothing), and the account is made in the same transaction (by the
 * caller's createAccount: service.ts imports this file, so this one cannot import it back).
 */
export async function approveSignup(
  deps: Deps,
  admin: AuthUser,
  username: string,
  createAccount: (
    tx: Queryable,
    input: { username: string; passwordHash: string },
  ) => Promise<unknown>,
): Promise<{ message: string }> {
  return deps.db.tx(async (tx) => {
    const [row] = await tx.rows<{ username: string; password_hash: string }>(sql`
      delete from signup_requests where lower(username) = lower(${username}) and status = 'pending'
      returning username, password_hash`);
    if (!row) throw noWaitingSignup(username);
    await createAccount(tx, { username: row.username, passwordHash: row.password_hash });
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'approve_signup',
      details: `Approved the registration of ${row.username}`,
      target: row.username,
    });
    return { message: `${row.username} can sign in now` };
  });
}

export async function denySignup(
  deps: Deps,
  admin: AuthUser,
  username: string,
): Promise<{ message: string }> {
  return deps.db.tx(async (tx) => {
    const [row] = await tx.rows<{ username: string }>(sql`
      update signup_requests set status = 'denied', decided_at = ${deps.clock.now().toISOString()},
        decided_by = ${admin.id}
      where lower(username) = lower(${username}) and status = 'pending' returning username`);
    if (!row) throw noWaitingSignup(username);
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'deny_signup',
      details: `Declined the registration of ${row.username}`,
      target: row.username,
    });
    return { message: `The registration of ${row.username} is declined` };
  });
}
