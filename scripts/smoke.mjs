// Starts the real server the way `npm start` does, moves some coins over HTTP, and stops it,
// so that `npm run audit` afterwards checks a database the production path wrote.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  // Two fresh accounts move coins at once, which the new-account rules would refuse.
  env: {
    ...process.env,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? 'smoke-admin-password',
    NEW_ACCOUNT_HOURS: '0',
    NEW_ACCOUNT_ACTIONS: '0',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitUp() {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`${base}/api/leaderboard/users`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start within 60 s');
}

async function post(path, body, token) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

try {
  const started = Date.now();
  await waitUp();
  const suffix = randomBytes(3).toString('hex');
  const a = await post('/auth/register', {
    username: `smokeA${suffix}`,
    password: 'smoke-password-1',
  });
  const b = await post('/auth/register', {
    username: `smokeB${suffix}`,
    password: 'smoke-password-1',
  });
  await post('/api/user/send-money', { recipientUsername: b.user.username, amount: 123 }, a.token);
  const home = await fetch(`${base}/`);
  const html = await home.text();
  if (!html.includes('<div id="root">')) throw new Error('home page is not the built client');
  console.log(
    `smoke ok: server up in ${Date.now() - started} ms, registered two users, sent 123 coins, served the client`,
  );
} finally {
  server.kill('SIGTERM');
}
