import { availableParallelism } from 'node:os';
import path from 'node:path';
import { registrationModes, type RegistrationMode } from '../shared/api/signup';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminUsername: string;
  adminPassword: string | undefined;
  logLevel: string;
  /**
   * Human-readable log lines (pino-pretty) instead of JSON: by default when stdout is a
   * terminal, where a person reads them; LOG_FORMAT=json or pretty decides otherwise.
   */
  prettyLogs: boolean;
  /** One log line per request; on in `npm run dev`, off by default so real events stand out. */
  logRequests: boolean;
  /** Sign-in and registration attempts per IP per minute. */
  authRateLimit: number;
  /**
   * New accounts are not faucets (issue 34): an account younger than newAccountHours, or with
   * fewer than newAccountActions wagers, rounds and purchases of its own, cannot send coins,
   * offer trades or buy services. 0 turns each rule off.
   */
  newAccountHours: number;
  newAccountActions: number;
  /** Accounts one address may register per UTC day, counted in the database (all processes); 0 = no limit. */
  signupsPerDay: number;
  /**
   * Who may register (issue 39): anyone (open), holders of an admin's invite code (invite),
   * anyone, but the account waits for an admin (approval), or nobody (closed). Accounts made
   * by the seed or an admin are never refused.
   */
  registrationMode: RegistrationMode;
  /** How long an authenticated session may be served from the in-process cache. */
  authCacheMs: number;
  /** How old a leaderboard may be (each process recomputes each board at most this often). */
  leaderboardCacheMs: number;
  seedDemo: boolean;
  /**
   * Which X-Forwarded-For entries to believe: false (none), a number of proxy hops in front
   * of us, or the proxies' addresses/CIDRs. Never "all": the leftmost entry is the client's
   * to write, so trusting it would let anyone pick the IP the rate limit counts.
   */
  trustProxy: false | number | string[];
  /** PostgreSQL connections in the pool. */
  dbPoolSize: number;
  /** How long start-up waits for a PostgreSQL that is not up yet. */
  dbWaitMs: number;
  clientDir: string | undefined;
  /** Origins (https://host) pictures may come from besides this server, for the CSP. */
  imageHosts: string[];
  /** redis://…: rate limits shared by every process; unset keeps them per process. */
  redisUrl: string | undefined;
  /** The embedded database's shared_buffers (`16MB`); unset keeps src/server/db/client.ts's default. */
  pgliteSharedBuffers?: string;
  /**
   * Web push's VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints it); unset,
   * the first start makes one and keeps it in the database.
   */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** Who the push services may contact about our pushes: a mailto: or https: URL. */
  vapidSubject: string;
  /**
   * Take push endpoints on this machine (http://127.0.0.1:…, localhost) as well as https ones
   * elsewhere: for tests and a local push service, never in production, where an endpoint on a
   * loopback or private address would let a player make the server post to it.
   */
  pushLoopback: boolean;
  /**
   * smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://…:465 (TLS from the
   * start): the server e-mails confirmations and digests through it. Unset, no e-mail goes out
   * and nothing else changes.
   */
  smtpUrl: string | undefined;
  /** The From of every e-mail: `Name <address>` or a bare address. */
  mailFrom: string;
  /**
   * The site's address as players open it (https://play.example.com), without a trailing
   * slash: links in e-mails start with it. Required with SMTP_URL.
   */
  publicUrl: string | undefined;
  /** A notification unseen this many hours may go into an away player's e-mail digest. */
  digestAfterHours: number;
  /** Lets GET /metrics be scraped from other addresses with `Authorization: Bearer` it; unset, loopback only. */
  metricsToken: string | undefined;
  /** Scheduled backups: every this many hours (0: none), the newest `backupKeep` kept, in backupDir. */
  backupEveryHours: number;
  backupKeep: number;
  backupDir: string;
  /**
   * Check every 2xx answer against its route's reply schema and fail it with a 500 on a
   * mismatch (the test servers turn this on; production only serializes through the schema).
   */
  checkReplies?: boolean;
}

/**
 * Three PostgreSQL connections per core: the database does its best with a few active backends
 * per core, and more only queue in the kernel instead of in the pool, where the reads' tail pays
 * for it (bench:reads on 2 cores: p99 22-50 ms at 20 connections, 12-18 ms at 6, wagers as fast).
 */
const defaultPoolSize = () => Math.max(4, 3 * availableParallelism());

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    adminUsername: env.ADMIN_USERNAME?.trim() || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    prettyLogs: parseLogFormat(env.LOG_FORMAT, Boolean(process.stdout.isTTY)),
    logRequests: env.LOG_REQUESTS === 'true',
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 20),
    newAccountHours: parseCount('NEW_ACCOUNT_HOURS', env.NEW_ACCOUNT_HOURS, 24),
    newAccountActions: parseCount('NEW_ACCOUNT_ACTIONS', env.NEW_ACCOUNT_ACTIONS, 5),
    signupsPerDay: parseCount('SIGNUPS_PER_DAY', env.SIGNUPS_PER_DAY, 50),
    registrationMode: parseRegistrationMode(env.REGISTRATION_MODE),
    authCacheMs: Number(env.AUTH_CACHE_MS ?? 3000),
    leaderboardCacheMs: Number(env.LEADERBOARD_CACHE_MS ?? 1000),
    seedDemo: env.SEED_DEMO !== 'false',
    dbPoolSize: parsePoolSize(env.DB_POOL_SIZE),
    dbWaitMs: parseSeconds('DB_WAIT_SECONDS', env.DB_WAIT_SECONDS, 60) * 1000,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
    imageHosts: parseImageHosts(env.IMAGE_HOSTS),
    redisUrl: env.REDIS_URL?.trim() || undefined,
    pgliteSharedBuffers: parseMemorySize('PGLITE_SHARED_BUFFERS', env.PGLITE_SHARED_BUFFERS),
    vapid: parseVapidKeys(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY),
    vapidSubject: parseVapidSubject(env.VAPID_SUBJECT),
    pushLoopback: parseFlag('PUSH_ALLOW_LOOPBACK', env.PUSH_ALLOW_LOOPBACK),
    ...parseMail(env),
    ...parseOps(env),
  };
}

type OpsConfig = Pick<Config, 'metricsToken' | 'backupEveryHours' | 'backupKeep' | 'backupDir'>;

/** Metrics' token and the backups' schedule (DESIGN.md section 13). */
function parseOps(env: NodeJS.ProcessEnv): OpsConfig {
  const metricsToken = env.METRICS_TOKEN?.trim() || undefined;
  if (metricsToken !== undefined && metricsToken.length < 16)
    throw new Error('METRICS_TOKEN must be at least 16 characters (a random string)');
  const every = env.BACKUP_EVERY_HOURS?.trim() ?? '';
  const backupEveryHours = every === '' ? 0 : Number(every);
  if (!Number.isFinite(backupEveryHours) || backupEveryHours < 0)
    throw new Error(
      `BACKUP_EVERY_HOURS must be a number of hours >= 0 (0 turns scheduled backups off); got ${every}`,
    );
  const keep = env.BACKUP_KEEP?.trim() ?? '';
  const backupKeep = keep === '' ? 7 : Number(keep);
  if (!Number.isSafeInteger(backupKeep) || backupKeep < 1)
    throw new Error(`BACKUP_KEEP must be a whole number of backups >= 1; got ${keep}`);
  return {
    metricsToken,
    backupEveryHours,
    backupKeep,
    backupDir: path.resolve(env.BACKUP_DIR?.trim() || './backups'),
  };
}

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'digestAfterHours'>;

/**
 * E-mail's settings. PUBLIC_URL is required once SMTP_URL is set: a link in a mail cannot be
 * relative, and a guessed host (localhost) would send players links that lead nowhere.
 */
function parseMail(env: NodeJS.ProcessEnv): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(smtpUrl);
    } catch {
      // Named below.
    }
    if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname)
      throw new Error(
        'SMTP_URL must be smtp://user:pass@host:587 or smtps://user:pass@host:465 (user and password optional)',
      );
  }
  const publicUrl = parsePublicUrl(env.PUBLIC_URL);
  if (smtpUrl !== undefined && publicUrl === undefined)
    throw new Error(
      "SMTP_URL needs PUBLIC_URL too: the site's address as players open it (https://play.example.com), for the links in e-mails",
    );
  const mailFrom = env.MAIL_FROM?.trim() || 'Fair & Square <no-reply@localhost>';
  if (!/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(mailFrom))
    throw new Error(
      `MAIL_FROM must be an address or Name <address> (Fair & Square <no-reply@example.com>); got ${env.MAIL_FROM}`,
    );
  const hours = env.DIGEST_AFTER_HOURS?.trim() ?? '';
  const digestAfterHours = hours === '' ? 24 : Number(hours);
  if (!Number.isFinite(digestAfterHours) || digestAfterHours <= 0)
    throw new Error(`DIGEST_AFTER_HOURS must be a number of hours above 0; got ${hours}`);
  return { smtpUrl, mailFrom, publicUrl, digestAfterHours };
}

function parsePublicUrl(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // Named below.
  }
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.search ||
    url.hash ||
    url.username
  )
    throw new Error(
      `PUBLIC_URL must be the site's http(s) address, such as https://play.example.com; got ${value}`,
    );
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** A PostgreSQL memory setting, spelled as PostgreSQL reads it: `16MB`, `512kB`, `1GB`. */
function parseMemorySize(name: string, value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  if (!/^[1-9]\d*(kB|MB|GB)$/.test(text))
    throw new Error(`${name} must be a size such as 16MB, 512kB or 1GB; got ${value}`);
  return text;
}

/** Both keys or neither; each base64url of the size a P-256 key has (65 and 32 bytes). */
function parseVapidKeys(
  publicKey: string | undefined,
  privateKey: string | undefined,
): Config['vapid'] {
  const pub = publicKey?.trim() ?? '';
  const priv = privateKey?.trim() ?? '';
  if (pub === '' && priv === '') return undefined;
  if (pub === '' || priv === '')
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  // 65 bytes are 87 base64url characters, 32 bytes 43 (no padding, as web-push wants them).
  if (!/^[A-Za-z0-9_-]{87}$/.test(pub))
    throw new Error('VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters)');
  if (!/^[A-Za-z0-9_-]{43}$/.test(priv))
    throw new Error('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)');
  return { publicKey: pub, privateKey: priv };
}

function parseVapidSubject(value: string | undefined): string {
  const subject = value?.trim() ?? '';
  if (subject === '') return 'mailto:admin@localhost';
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s/]+(\/\S*)?)$/.test(subject))
    throw new Error(
      `VAPID_SUBJECT must be a mailto: address or an https: URL (mailto:you@example.com); got ${value}`,
    );
  return subject;
}

function parseFlag(name: string, value: string | undefined): boolean {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  throw new Error(`${name} must be true or false; got ${value}`);
}

function parseLogFormat(value: string | undefined, isTerminal: boolean): boolean {
  const format = value?.trim() ?? '';
  if (format === '') return isTerminal;
  if (format === 'pretty' || format === 'json') return format === 'pretty';
  throw new Error(`LOG_FORMAT must be pretty or json; got ${value}`);
}

/** A whole number >= 0 (0 turns the rule it sets off). */
function parseCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`${name} must be a whole number >= 0 (0 turns the rule off), got ${value}`);
  return n;
}

function parseRegistrationMode(value: string | undefined): RegistrationMode {
  const mode = value?.trim().toLowerCase() || 'open';
  if (!(registrationModes as readonly string[]).includes(mode))
    throw new Error(
      `REGISTRATION_MODE must be one of ${registrationModes.join(', ')}, got ${value}`,
    );
  return mode as RegistrationMode;
}

function parsePoolSize(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return defaultPoolSize();
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1)
    throw new Error(`DB_POOL_SIZE must be a whole number >= 1, got ${value}`);
  return n;
}

function parseSeconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new Error(`${name} must be a number of seconds, 0 or more; got ${value}`);
  return seconds;
}

export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  // 'true' meant "behind a proxy" in earlier releases: one hop is what that setup had.
  if (text === 'true') return 1;
  if (/^[0-9]+$/.test(text)) return Number(text);
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.some((entry) => !/^[0-9a-fA-F.:/]+$/.test(entry))) {
    throw new Error(
      `TRUST_PROXY must be false, a number of proxy hops, or a comma-separated list of proxy addresses; got ${value}`,
    );
  }
  return list;
}

export function parseImageHosts(value: string | undefined): string[] {
  const hosts = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const host of hosts) {
    if (!/^https:\/\/[A-Za-z0-9.-]+(:[0-9]+)?$/.test(host))
      throw new Error(`IMAGE_HOSTS entries must look like https://images.example.com; got ${host}`);
  }
  return hosts;
}
