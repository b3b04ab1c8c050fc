// `npm run chaos`: a fault test, not part of `npm test`. Mixed concurrent load (sends, wagers,
// parlays, admin bet creation and settlement) against real server processes while one of them
// is SIGKILLed every ~10 s: two processes on one PostgreSQL database, then one process on a
// PGlite directory. Every operation the server acknowledged is recorded; at the end each must
// be in the database, the coin audit must pass, and no wager or parlay may be paid twice.
//
//   npm run chaos                      # 120 s per database
//   CHAOS_SECONDS=15 npm run chaos     # what .ci/run does (npm run chaos:ci)
//
// Runs under tsx (see package.json) so it can read the database with the server's own modules.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDb } from '../src/server/db/client.ts';
import { auditReport, describeReport } from '../src/server/features/audit/public.ts';
import { modules } from '../src/server/modules.ts';
import { totalOddsHundredths } from '../src/shared/odds.ts';
import {
  dropPgDatabase,
  freshPgDatabase,
  pgReachable,
  PG_BASE,
  registerUsers,
  startServer,
  stopServer,
} from './lib.mjs';

const SECONDS = Number(process.env.CHAOS_SECONDS ?? 120);
const KILL_EVERY_MS = Number(process.env.CHAOS_KILL_EVERY_MS ?? 10_000);
const WORKERS = 16;
const USERS = 24;
const ADMIN_PASSWORD = 'bench-admin-password';

const rand = (n) => Math.floor(Math.random() * n);
const pick = (xs) => xs[rand(xs.length)];
const debug = process.env.CHAOS_DEBUG
  ? (...args) => console.log(new Date().toISOString().slice(11, 19), ...args)
  : () => {};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server processes of one run; a killed one is started again on the same port. */
class Fleet {
  constructor(count, databaseUrl, dataDir) {
    this.count = count;
    this.databaseUrl = databaseUrl;
    this.dataDir = dataDir;
    this.nodes = [];
    this.kills = 0;
  }

  async start() {
    for (let i = 0; i < this.count; i++) {
      const port = 4300 + rand(2000);
      this.nodes.push({ port, url: `http://127.0.0.1:${port}`, child: null, up: false });
    }
    await Promise.all(this.nodes.map((node) => this.boot(node)));
  }

  async boot(node) {
    debug('starting', node.port);
    const started = await startServer({
      databaseUrl: this.databaseUrl,
      port: node.port,
      extraEnv: { DATA_DIR: this.dataDir },
    });
    node.child = started.child;
    node.up = true;
    debug('up', node.port);
  }

  /** A live node's URL, or null while all are down (a PGlite restart). */
  url() {
    const up = this.nodes.filter((node) => node.up);
    return up.length ? pick(up).url : null;
  }

  async killOne() {
    const node = pick(this.nodes.filter((n) => n.up));
    if (!node) return;
    node.up = false;
    node.child.kill('SIGKILL');
    debug('killed', node.port);
    await new Promise((resolve) =>
      node.child.exitCode !== null || node.child.signalCode !== null
        ? resolve()
        : node.child.once('exit', resolve),
    );
    this.kills++;
    // Started again in the background: the kills keep their rhythm however long a start takes.
    node.booting = this.boot(node);
  }

  async stop() {
    await Promise.all(this.nodes.map((node) => node.booting));
    await Promise.all(this.nodes.map((node) => node.child && stopServer(node.child)));
  }
}

/** One request; `ok` only for a 2xx answer that arrived. Network errors are not acknowledgements. */
async function send(fleet, method, pathName, body, token) {
  const url = fleet.url();
  if (!url) {
    // Every process is down (PGlite restarting): wait a little rather than spin, which would
    // starve the event loop that has to see the restart.
    await sleep(100);
    return { ok: false, status: 0 };
  }
  try {
    const res = await fetch(url + pathName, {
      method,
      headers: {
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const json = await res.json().catch(() => null);
    return { ok: res.ok, status: res.status, json };
  } catch {
    return { ok: false, status: 0 };
  }
}

async function run(label, fleet) {
  await fleet.start();
  const first = fleet.nodes[0].url;
  const login = await (
    await fetch(`${first}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    })
  ).json();
  const admin = login.token;
  debug('fleet up');
  const users = await registerUsers(first, USERS, `ch${Date.now().toString(36).slice(-5)}`);

  const acked = {
    sends: new Map(),
    wagers: [],
    parlays: [],
    finalized: [],
    created: 0,
    rounds: [],
    purchases: [],
    pets: new Map(),
  };
  const refused = { status4xx: 0, failed: 0 };
  const openBets = [];

  async function createBet() {
    const res = await send(
      fleet,
      'POST',
      '/api/bets/create',
      {
        title: `Chaos ${randomUUID().slice(0, 12)}`,
        description: 'fault test',
        endTime: new Date(Date.now() + 24 * 3600_000).toISOString(),
        options: [
          { text: 'Yes', odds: 1.9 },
          { text: 'No', odds: 2.05 },
        ],
      },
      admin,
    );
    if (res.ok) {
      openBets.push(res.json.bet);
      acked.created++;
    }
  }
  while (openBets.length < 6) await createBet();
  let item = null;
  // A few tries: a process may be down for a moment; a refusal is a bug in this script.
  for (let attempt = 0; !item; attempt++) {
    const res = await send(
      fleet,
      'POST',
      '/api/store/create',
      {
        name: `Chaos ${randomUUID().slice(0, 8)}`,
        type: 'cosmetic',
        effectType: 'cosmetic',
        effectValue: 1,
        price: 2,
        stock: 1_000_000,
        emoji: '🧪',
        description: 'fault test',
      },
      admin,
    );
    if (res.ok) item = res.json.item;
    else if (attempt >= 10 || (res.status >= 400 && res.status < 500))
      throw new Error(`creating the chaos item failed: ${res.status} ${JSON.stringify(res.json)}`);
  }

  // Every player adopts a starter, so the pet actions below (issue 21) have a critter to care for.
  const critters = new Map();
  for (const user of users) {
    for (let attempt = 0; attempt < 10 && !critters.has(user.username); attempt++) {
      const res = await send(
        fleet,
        'POST',
        '/api/critters/adopt',
        { species: 'sproutling' },
        user.token,
      );
      if (res.ok) critters.set(user.username, res.json.critter._id);
      else if (res.status === 409) {
        const mine = await send(fleet, 'GET', '/api/critters/mine', undefined, user.token);
        if (mine.ok && mine.json.critters[0])
          critters.set(user.username, mine.json.critters[0]._id);
      }
    }
  }
  const petAcked = (user, what) => {
    const counts = acked.pets.get(user.username) ?? { claims: 0, bought: 0, fed: 0 };
    counts[what]++;
    acked.pets.set(user.username, counts);
  };

  const tally = (res) => {
    if (res.ok) return true;
    if (res.status >= 400 && res.status < 500) refused.status4xx++;
    else refused.failed++;
    return false;
  };

  let running = true;
  const worker = async () => {
    while (running) {
      const roll = Math.random();
      const user = pick(users);
      if (roll < 0.15) {
        // A game round and a purchase: the one-statement paths (issue 20) under the same kills.
        const amount = 1 + rand(5);
        const res = await send(
          fleet,
          'POST',
          '/api/games/coin-flip',
          { betAmount: amount, guess: pick(['heads', 'tails']) },
          user.token,
        );
        if (tally(res))
          acked.rounds.push({
            id: Number(res.json.roundId),
            stake: amount,
            payout: res.json.payout,
          });
      } else if (roll < 0.22) {
        const res = await send(
          fleet,
          'POST',
          '/api/store/purchase',
          { itemId: item._id },
          user.token,
        );
        if (tally(res)) acked.purchases.push(Number(res.json.purchase._id));
      } else if (roll < 0.28) {
        // Pet coins, shards and pet goods under the same kills: a claim, a food bought with pet coins, a feed.
        const op = rand(3);
        const critterId = critters.get(user.username);
        if (op === 0) {
          if (tally(await send(fleet, 'GET', '/api/sanctuary/resources', undefined, user.token)))
            petAcked(user, 'claims');
        } else if (op === 1) {
          if (
            tally(
              await send(
                fleet,
                'POST',
                '/api/shop/buy',
                { itemId: 'berry-bites', quantity: 1 },
                user.token,
              ),
            )
          )
            petAcked(user, 'bought');
        } else if (critterId) {
          if (
            tally(
              await send(
                fleet,
                'POST',
                `/api/critters/feed/${critterId}`,
                { foodItem: 'berry-bites' },
                user.token,
              ),
            )
          )
            petAcked(user, 'fed');
        }
      } else if (roll < 0.5) {
        const to = pick(users.filter((u) => u !== user));
        const amount = 1 + rand(5);
        if (
          tally(
            await send(
              fleet,
              'POST',
              '/api/user/send-money',
              { recipientUsername: to.username, amount },
              user.token,
            ),
          )
        ) {
          const key = `${user.username}>${to.username}:${amount}`;
          acked.sends.set(key, (acked.sends.get(key) ?? 0) + 1);
        }
      } else if (roll < 0.85) {
        const bet = pick(openBets);
        const amount = 1 + rand(5);
        const res = await send(
          fleet,
          'POST',
          '/api/bets/predict',
          { betId: bet._id, choice: pick(['Yes', 'No']), amount },
          user.token,
        );
        if (tally(res)) acked.wagers.push({ id: Number(res.json.wager._id), amount });
      } else {
        const [a, b] = [...openBets].sort(() => Math.random() - 0.5);
        const legs = [a, b].map((bet) => {
          const option = pick(bet.options);
          return { betId: bet._id, choice: option.text, odds: option.odds };
        });
        const totalOdds = totalOddsHundredths(legs.map((l) => Math.round(l.odds * 100))) / 100;
        const res = await send(
          fleet,
          'POST',
          '/api/bets/parlay',
          { amount: 1 + rand(3), bets: legs, totalOdds },
          user.token,
        );
        if (tally(res)) acked.parlays.push(Number(res.json.parlay._id));
      }
    }
  };

  // The admin settles the oldest open bet and opens a new one about once a second.
  const settler = async () => {
    while (running) {
      await sleep(1000);
      if (openBets.length < 4) {
        await createBet();
        continue;
      }
      const bet = openBets[0];
      const option = pick(bet.options);
      const res = await send(
        fleet,
        'POST',
        '/api/bets/finalize',
        { betId: bet._id, optionId: option._id },
        admin,
      );
      // 409: an earlier try committed before its answer was lost; the database check below tells.
      if (res.ok || res.status === 409) {
        openBets.shift();
        if (res.ok) acked.finalized.push({ id: Number(bet._id), optionId: Number(option._id) });
      }
      await createBet();
    }
  };

  const killer = async () => {
    while (running) {
      await sleep(KILL_EVERY_MS * (0.7 + Math.random() * 0.6));
      if (running) await fleet.killOne();
    }
  };

  debug('load starts');
  const started = Date.now();
  const tasks = [...Array.from({ length: WORKERS }, worker), settler(), killer()];
  await sleep(SECONDS * 1000);
  running = false;
  await Promise.all(tasks);
  const elapsed = (Date.now() - started) / 1000;
  debug('load stopped');
  await fleet.stop();
  debug('fleet stopped');

  const db = await openDb(
    fleet.databaseUrl
      ? { databaseUrl: fleet.databaseUrl, poolSize: 2 }
      : { pgliteDir: path.join(fleet.dataDir, 'pglite'), purpose: 'chaos check' },
  );
  const problems = [];
  try {
    const ids = new Map(
      (await db.rows(sql`select id, username from users`)).map((r) => [r.username, r.id]),
    );
    // Every row of this throwaway database: reading them all beats thousands of bound ids.
    const foundWagers = new Map(
      (await db.rows(sql`select id, stake as amount from wagers`)).map((r) => [r.id, r.amount]),
    );
    for (const w of acked.wagers)
      if (foundWagers.get(w.id) !== w.amount)
        problems.push(`acknowledged wager ${w.id} of ${w.amount} is missing`);
    const foundParlays = new Set((await db.rows(sql`select id from parlays`)).map((r) => r.id));
    for (const id of acked.parlays)
      if (!foundParlays.has(id)) problems.push(`acknowledged parlay ${id} is missing`);
    const transfers = new Map(
      (
        await db.rows(
          sql`select from_user_id, to_user_id, amount, count(*)::int as n from transfers group by 1, 2, 3`,
        )
      ).map((r) => [`${r.from_user_id}>${r.to_user_id}:${r.amount}`, r.n]),
    );
    for (const [key, count] of acked.sends) {
      const [, from, to, amount] = /^(.+)>(.+):(\d+)$/.exec(key);
      const stored = transfers.get(`${ids.get(from)}>${ids.get(to)}:${amount}`) ?? 0;
      if (stored < count) problems.push(`${count} acknowledged transfers ${key}, ${stored} stored`);
    }
    for (const f of acked.finalized) {
      const [bet] = await db.rows(
        sql`select status, result_option_id from bets where id = ${f.id}`,
      );
      if (bet?.status !== 'finalized' || bet.result_option_id !== f.optionId)
        problems.push(`acknowledged settlement of bet ${f.id} is missing`);
    }
    const foundRounds = new Map(
      (await db.rows(sql`select id, stake, payout from game_rounds`)).map((r) => [r.id, r]),
    );
    for (const r of acked.rounds) {
      const row = foundRounds.get(r.id);
      if (row?.stake !== r.stake || row.payout !== r.payout)
        problems.push(
          `acknowledged round ${r.id} (stake ${r.stake}, payout ${r.payout}) is missing or differs`,
        );
    }
    const foundPurchases = new Set((await db.rows(sql`select id from purchases`)).map((r) => r.id));
    for (const id of acked.purchases)
      if (!foundPurchases.has(id)) problems.push(`acknowledged purchase ${id} is missing`);
    // A pet action acknowledged is stored (one whose answer was lost may be stored too).
    const petRows = new Map(
      (
        await db.rows(sql`
      select u.username, p.claims, p.fed, (select count(*)::int from virtual_pet_purchases pp where pp.user_id = u.id) as bought
      from virtual_pet_profiles p join users u on u.id = p.user_id`)
      ).map((r) => [r.username, r]),
    );
    for (const [username, counts] of acked.pets) {
      const row = petRows.get(username) ?? { claims: 0, fed: 0, bought: 0 };
      for (const what of ['claims', 'bought', 'fed']) {
        if (row[what] < counts[what])
          problems.push(
            `${username}: ${counts[what]} acknowledged pet ${what}, ${row[what]} stored`,
          );
      }
    }
    // Every seed pair's nonce counts exactly its rounds, numbered 0..n-1 (no gap, none twice).
    const gaps = await db.rows(sql`
      select s.id, s.nonce, count(r.id)::int as rounds, coalesce(max(r.nonce) + 1, 0)::int as next
      from fairness_seeds s left join game_rounds r on r.seed_id = s.id
      group by s.id, s.nonce having s.nonce <> count(r.id) or s.nonce <> coalesce(max(r.nonce) + 1, 0)`);
    for (const g of gaps)
      problems.push(
        `seed pair ${g.id}: nonce ${g.nonce} but ${g.rounds} rounds up to nonce ${g.next - 1}`,
      );
    const doubles = await db.rows(sql`
      select ref_type, ref_id, user_id, category, count(*)::int as n from ledger
      where category in ('bet_payout', 'parlay_payout', 'bet_refund', 'parlay_refund') and user_id is not null
      group by 1, 2, 3, 4 having count(*) > 1`);
    for (const d of doubles)
      problems.push(
        `${d.category} of ${d.ref_type} ${d.ref_id} to user ${d.user_id} was posted ${d.n} times`,
      );
    const overpaid = await db.rows(sql`
      select id from wagers where status = 'open' and payout <> 0
      union all select id from parlays where status = 'open' and payout <> 0`);
    for (const o of overpaid) problems.push(`wager or parlay ${o.id} is open but holds a payout`);
    const report = await auditReport(db, modules);
    if (!report.ok) problems.push(describeReport(report));
    const [{ settledWagers }] = await db.rows(
      sql`select count(*)::int as "settledWagers" from wagers where status <> 'open'`,
    );
    const sends = [...acked.sends.values()].reduce((a, b) => a + b, 0);
    const petOps = [...acked.pets.values()].reduce((a, c) => a + c.claims + c.bought + c.fed, 0);
    const total =
      sends +
      acked.wagers.length +
      acked.parlays.length +
      acked.finalized.length +
      acked.created +
      acked.rounds.length +
      acked.purchases.length +
      petOps;
    console.log(
      `${label}: ${elapsed.toFixed(0)} s, ${fleet.kills} SIGKILLs, ${total} acknowledged operations ` +
        `(${sends} sends, ${acked.wagers.length} wagers, ${acked.parlays.length} parlays, ${acked.rounds.length} coin flips, ${acked.purchases.length} purchases, ${petOps} pet actions, ${acked.created} bets created, ` +
        `${acked.finalized.length} settled; ${settledWagers} wagers settled), ${refused.status4xx} refused (4xx), ` +
        `${refused.failed} attempts unanswered (process down or killed mid-request); ${problems.length === 0 ? 'nothing lost, audit ok, no double payout' : `${problems.length} PROBLEMS`}`,
    );
    for (const p of problems.slice(0, 20)) console.error(`  ${p}`);
  } finally {
    await db.close();
  }
  return problems;
}

const problems = [];
// CHAOS_ONLY=pg or pglite runs one of the two.
const only = process.env.CHAOS_ONLY;
if (only === 'pglite') {
  // PostgreSQL run not asked for.
} else if (await pgReachable()) {
  const name = `chaos_${Date.now().toString(36)}`;
  const databaseUrl = await freshPgDatabase(name);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-chaos-pg-'));
  problems.push(...(await run('PostgreSQL, 2 processes', new Fleet(2, databaseUrl, dataDir))));
  rmSync(dataDir, { recursive: true, force: true });
  // Kept when something went wrong, to look into.
  if (problems.length === 0) await dropPgDatabase(name);
} else {
  console.log(`PostgreSQL not reachable at ${PG_BASE}: its run is skipped`);
}
if (only !== 'pg') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-chaos-pglite-'));
  problems.push(...(await run('PGlite, 1 process', new Fleet(1, undefined, dataDir))));
  rmSync(dataDir, { recursive: true, force: true });
}

process.exit(problems.length === 0 ? 0 : 1);
