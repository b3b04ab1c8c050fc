// Many players for the games that limit each player (a wheel's cooldown, Click Frenzy's 8 a
// second and 100 an hour), and a closed-loop driver that sends each call once.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMs, LOADGEN, runWrk } from './lib.mjs';

/**
 * `count` players straight into the tables (registering them through the API would take minutes
 * of argon2), each with a session and a seed pair as after their first visit, sharing the
 * password hash of the registered user `like`. Answers their tokens.
 */
export async function seedPlayers(databaseUrl, count, prefix, like) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const [{ password_hash: hash }] = (
      await c.query('select password_hash from users where username = $1', [like])
    ).rows;
    await c.query(
      `insert into users (username, password_hash) select $1 || i, $2 from generate_series(1, $3) i`,
      [prefix, hash, count],
    );
    const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
    const hashes = tokens.map((t) => createHash('sha256').update(t).digest('hex'));
    await c.query(
      `insert into sessions (token_hash, user_id)
       select h, u.id from unnest($1::text[]) with ordinality as s(h, n) join users u on u.username = $2 || s.n`,
      [hashes, prefix],
    );
    // md5 twice makes a 64-hex-character seed without pgcrypto, enough for a bench.
    await c.query(
      `insert into fairness_seeds (user_id, server_seed, server_seed_hash, client_seed)
       select id, s, encode(sha256(convert_to(s, 'UTF8')), 'hex'), 'bench'
       from (select id, md5(random()::text) || md5(random()::text) as s from users where username like $1 || '%') x`,
      [prefix],
    );
    await c.query('analyze');
    return tokens;
  } finally {
    await c.end();
  }
}

/**
 * One POST over a keep-alive connection of `agent`: node:http rather than fetch, whose client
 * took about as much CPU per request as the server (the client shares the server's cores).
 */
export function post(agent, url, route, token, body) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(`${url}${route}`, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        authorization: `Bearer ${token}`,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () =>
        resolve({ status: res.statusCode, body: text ? JSON.parse(text) : null }),
      );
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

/**
 * Sends `calls(k)` (a { route, token, body } for k = 0, 1, ...; null when there are no more) at
 * `connections` concurrent workers over keep-alive node:http connections, each call once, for
 * `seconds` at most. Answers the 200s per second, latencies, statuses, and the server's,
 * PostgreSQL's and this client's CPU microseconds per call.
 */
export async function driveCalls({ url, serverPid, calls, seconds, connections }) {
  if (LOADGEN === 'wrk') return wrkCalls({ url, serverPid, calls, seconds, connections });
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const times = [];
  const statuses = {};
  let next = 0;
  const deadline = Date.now() + seconds * 1000;
  const worker = async () => {
    for (let call = calls(next++); call && Date.now() < deadline; call = calls(next++)) {
      const started = process.hrtime.bigint();
      const { status } = await post(agent, url, call.route, call.token, call.body ?? {});
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  const t0 = Date.now();
  const cpuBefore = cpuMs(serverPid);
  const clientBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (Date.now() - t0) / 1000;
  const cpuAfter = cpuMs(serverPid);
  const client = process.cpuUsage(clientBefore);
  agent.destroy();
  const answered = times.length;
  const perCall = (ms) => Math.round((ms * 1000) / Math.max(1, answered));
  return {
    okPerSec: Math.round((statuses['200'] ?? 0) / elapsed),
    p50ms: +percentile(times, 50).toFixed(1),
    p99ms: +percentile(times, 99).toFixed(1),
    serverCpuUs: perCall(cpuAfter.server - cpuBefore.server),
    dbCpuUs: perCall(cpuAfter.db - cpuBefore.db),
    benchClientCpuUs: Math.round((client.user + client.system) / Math.max(1, answered)),
    statuses,
  };
}

/** CPU ms of this process's children that have exited (wrk, once reaped), from /proc. */
function reapedChildrenMs() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLK_TCK;
}
const CLK_TCK = 100;

/**
 * driveCalls with wrk (C, one thread, as lib.mjs drives one route): the calls are written to a
 * file, and the script sends them in order, each once (so each player's spin is their first
 * call in a while), starting over if they run out. wrk counts every non-2xx answer, so statuses
 * are 200 and "other"; the client's CPU is wrk's own.
 */
async function wrkCalls({ url, serverPid, calls, seconds, connections }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fs-wrk-calls-'));
  const list = path.join(dir, 'calls.tsv');
  const lines = [];
  // Enough for 30,000 calls a second.
  for (let k = 0, call = calls(0); call && k < seconds * 30_000; call = calls(++k)) {
    lines.push(`${call.route}\t${call.token}\t${JSON.stringify(call.body ?? {})}`);
  }
  writeFileSync(list, `${lines.join('\n')}\n`);
  const script = path.join(dir, 'calls.lua');
  writeFileSync(
    script,
    `
local reqs, n, i = {}, 0, 0
-- In init, once wrk has set the Host header that wrk.format copies.
init = function(args)
  for line in io.lines(${JSON.stringify(list)}) do
    local route, token, body = line:match('^([^\t]+)\t([^\t]+)\t(.*)$')
    n = n + 1
    reqs[n] = wrk.format('POST', route, { ['content-type'] = 'application/json', ['authorization'] = 'Bearer ' .. token }, body)
  end
end
request = function()
  i = i + 1
  if i > n then i = 1 end
  return reqs[i]
end
done = function(summary, latency, requests)
  io.write(string.format('WRK_RESULT {"requests":%d,"non2xx":%d,"errors":%d,"p50us":%d,"p99us":%d}\\n',
    summary.requests, summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`,
  );
  try {
    const cpuBefore = cpuMs(serverPid);
    const clientBefore = reapedChildrenMs();
    const r = await runWrk({ script, url, connections, seconds });
    const cpuAfter = cpuMs(serverPid);
    const client = reapedChildrenMs() - clientBefore;
    const perCall = (ms) => Math.round((ms * 1000) / Math.max(1, r.requests));
    return {
      okPerSec: Math.round((r.requests - r.non2xx) / seconds),
      p50ms: +(r.p50us / 1000).toFixed(1),
      p99ms: +(r.p99us / 1000).toFixed(1),
      serverCpuUs: perCall(cpuAfter.server - cpuBefore.server),
      dbCpuUs: perCall(cpuAfter.db - cpuBefore.db),
      benchClientCpuUs: perCall(client),
      statuses: { 200: r.requests - r.non2xx, ...(r.non2xx ? { other: r.non2xx } : {}) },
      errors: r.errors,
      loadgen: 'wrk',
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
