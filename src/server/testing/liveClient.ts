import { WebSocket } from 'ws';
import type { LiveMessage } from '@shared/api/live';

/** A test's live socket: every message it got, waits for one, and how it closed. */
export interface LiveSocket {
  messages: LiveMessage[];
  next(match: (m: LiveMessage) => boolean, timeoutMs?: number): Promise<LiveMessage>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export async function takeTicket(baseUrl: string, token: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/live/ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`ticket: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { ticket: string }).ticket;
}

/** Opens /api/live with a ticket and resolves once the server said hello (or closed it). */
export function openLive(baseUrl: string, ticket: string): Promise<LiveSocket> {
  const socket = new WebSocket(
    `${baseUrl.replace(/^http/, 'ws')}/api/live?ticket=${encodeURIComponent(ticket)}`,
  );
  const messages: LiveMessage[] = [];
  const waiters: { match: (m: LiveMessage) => boolean; resolve: (m: LiveMessage) => void }[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as LiveMessage;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const live: LiveSocket = {
    messages,
    closed,
    close: () => socket.close(),
    next(match, timeoutMs = 3000) {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `no matching live message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`,
              ),
            ),
          timeoutMs,
        );
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
  };
  return new Promise((resolve) => {
    void live
      .next((m) => m.kind === 'hello', 10_000)
      .then(
        () => resolve(live),
        () => resolve(live),
      );
    void closed.then(() => resolve(live));
  });
}
