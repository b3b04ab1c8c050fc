import { sql } from 'drizzle-orm';
import type { BetDto } from '../../../shared/api/bets';
import type { CommunityBetDto } from '../../../shared/api/communityBets';
import { uniqueName, type TestServer, type TestUser } from '../../testing/harness';
import { callRoute } from '../../testing/callRoute';

/** Test builder: an open bet created through the admin route. */
export async function createBet(
  server: TestServer,
  admin: TestUser,
  options: { text: string; odds: number }[] = [
    { text: 'Yes', odds: 2.5 },
    { text: 'No', odds: 1.5 },
  ],
  title = uniqueName('bet'),
): Promise<BetDto> {
  const res = await callRoute(server, 'POST /api/bets/create', {
    token: admin.token,
    body: {
      title,
      description: 'test bet',
      endTime: new Date(Date.now() + 3_600_000).toISOString(),
      options,
    },
  });
  if (res.status !== 201)
    throw new Error(`create bet failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.bet;
}

/** Test builder: an open bet of a community, made by one of its moderators through the route. */
export async function createCommunityBet(
  server: TestServer,
  moderator: TestUser,
  slug: string,
  options: { text: string; odds: number }[] = [
    { text: 'Yes', odds: 3 },
    { text: 'No', odds: 1.5 },
  ],
): Promise<CommunityBetDto> {
  const res = await callRoute(server, 'POST /api/communities/:slug/bets', {
    token: moderator.token,
    params: { slug },
    body: {
      title: uniqueName('cb'),
      description: 'who wins',
      endTime: new Date(Date.now() + 3_600_000).toISOString(),
      options,
    },
  });
  if (res.status !== 201)
    throw new Error(`create community bet failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.bet;
}

/** Test builder: moves a bet's end time into the past, as time passing would. */
export async function closeBetByTime(server: TestServer, betId: string): Promise<void> {
  await server.db.rows(
    sql`update bets set end_time = now() - interval '1 minute' where id = ${Number(betId)}`,
  );
}

export const optionId = (bet: BetDto, text: string): string => {
  const found = bet.options.find((o) => o.text === text);
  if (!found) throw new Error(`no option ${text}`);
  return found._id;
};

/** A wager through the site's route (a community bet's too), answered as the route answers. */
export const predict = (
  s: TestServer,
  user: TestUser,
  betId: string,
  choice: string,
  amount: number,
) =>
  callRoute(s, 'POST /api/bets/predict', {
    token: user.token,
    body: { betId, choice, amount },
  });

export const communityOptionId = (bet: CommunityBetDto, text: string): string => {
  const o = bet.options.find((x) => x.text === text);
  if (!o) throw new Error(`no option ${text}`);
  return o._id;
};

/** A community's treasury: its coins and how much of them its open bets have promised. */
export async function treasuryOf(
  s: TestServer,
  slug: string,
): Promise<{ balance: number; committed: number }> {
  const [row] = await s.db.rows<{ balance: string; committed: string }>(sql`
    select a.balance::text, a.committed::text from communities c join ledger_accounts a on a.id = c.treasury_account_id
    where c.slug = ${slug}`);
  return { balance: Number(row?.balance), committed: Number(row?.committed) };
}
