import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { PushPayload } from '../../../shared/api/notifications';
import type { Deps } from '../../platform/deps';
import { hasLiveSocket } from '../../platform/realtime/presence';
import { vapidKeys } from './vapid';

/** Every process looks for notifications to push this often. */
const PUSH_EVERY_MS = 1000;
/** Notifications claimed at once. */
const BATCH = 100;
/** Requests to push services in flight at once, per process. */
const PARALLEL = 8;
/** How long a push service keeps a push for a browser that is offline, in seconds. */
const TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;

interface Due {
  notification_id: number;
  title: string;
  body: string;
  link: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Web push (DESIGN.md section 12). notify() leaves pushed_at empty only for players with a
 * subscription and the kind's push on; every process here claims such rows (FOR UPDATE SKIP
 * LOCKED) and marks them pushed in the same statement, after their inbox write committed. A
 * claimed row of a player with a live socket on any process (live_presence) needs no push, and
 * neither does one older than a push would be kept. At most once: a process that dies between
 * the mark and the send loses that push, which the inbox still holds.
 */
export class PushSender {
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly deps: Deps,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.sweep(), PUSH_EVERY_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Sends what is due; a sweep still running (slow push services) is not overlapped. */
  sweep(): Promise<void> {
    this.running ??= this.drain()
      .catch((err: unknown) => this.log.warn({ err }, 'web push: sending failed'))
      .finally(() => (this.running = null));
    return this.running;
  }

  private async drain(): Promise<void> {
    while (!this.closed) {
      const { claimed, due } = await this.claim();
      if (due.length > 0) await this.send(due);
      if (claimed < BATCH) return;
    }
  }

  private async claim(): Promise<{ claimed: number; due: Due[] }> {
    const [row] = await this.deps.db.rows<{ claimed: number; due: Due[] | null }>(sql`
      with next as (
        select id from notifications where pushed_at is null
        order by id limit ${BATCH} for update skip locked
      ), claimed as (
        update notifications n set pushed_at = now() from next where n.id = next.id
        returning n.id, n.user_id, n.title, n.body, n.link, n.created_at
      )
      select (select count(*)::int from claimed) as claimed,
        (select json_agg(json_build_object('notification_id', c.id, 'title', c.title,
            'body', c.body, 'link', c.link, 'endpoint', s.endpoint, 'p256dh', s.p256dh,
            'auth', s.auth) order by c.id)
          from claimed c join push_subscriptions s on s.user_id = c.user_id
          where c.created_at > now() - make_interval(secs => ${TTL_SECONDS})
            and not ${hasLiveSocket(sql`c.user_id`)}) as due`);
    return { claimed: row?.claimed ?? 0, due: row?.due ?? [] };
  }

  private async send(due: Due[]): Promise<void> {
    const keys = await vapidKeys(this.deps);
    const vapidDetails = { subject: this.deps.config.vapidSubject, ...keys };
    const queue = [...due];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift())
        await this.sendOne(next, vapidDetails);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, due.length) }, worker));
  }

  /**
   * web-push encrypts (aes128gcm) and signs; the request is ours, so it has a timeout and never
   * follows a redirect. A 404 or 410 means the browser dropped the subscription: it goes. Any
   * other refusal is logged and that push is not tried again.
   */
  private async sendOne(
    d: Due,
    vapidDetails: { subject: string; publicKey: string; privateKey: string },
  ): Promise<void> {
    const payload: PushPayload = { title: d.title, body: d.body, link: d.link };
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } },
        JSON.stringify(payload),
        { vapidDetails, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
      );
      // fetch counts the body's length itself.
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const res = await fetch(d.endpoint, {
        method: 'POST',
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (res.status === 404 || res.status === 410) {
        await this.deps.db.rows(sql`delete from push_subscriptions where endpoint = ${d.endpoint}`);
        return;
      }
      if (res.status < 200 || res.status >= 300)
        this.log.warn(
          { status: res.status, notificationId: d.notification_id, host: new URL(d.endpoint).host },
          'web push: the push service refused a push; it is not tried again',
        );
    } catch (err) {
      this.log.warn(
        { err, notificationId: d.notification_id, host: new URL(d.endpoint).host },
        'web push: a push could not be sent; it is not tried again',
      );
    }
  }
}
