import { useEffect, useRef, useSyncExternalStore } from 'react';
import { LIVE_PATH, type LiveMessage } from '@shared/api/live';
import { api } from './api';

/**
 * The one live socket of this tab (DESIGN.md section 7): takes a one-time ticket, opens
 * /api/live, and reconnects with backoff. `connected` tells pages whether to fall back to
 * polling; `onReconnect` handlers refetch what changed while the socket was down.
 */
type Listener = (message: LiveMessage) => void;

let connected = false;
const statusListeners = new Set<() => void>();
function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  statusListeners.forEach((notify) => notify());
}

/** True while the live socket is open; pages poll while it is not. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (notify) => {
      statusListeners.add(notify);
      return () => statusListeners.delete(notify);
    },
    () => connected,
    () => false,
  );
}

/**
 * Pages that show events themselves (a feed, not a refetch) listen here to the tab's one socket
 * instead of opening their own.
 */
const messageListeners = new Set<Listener>();

type MessageOf<K> = Extract<LiveMessage, { kind: K }>;

/** Calls `handler` with each live message of this kind while the component is mounted. */
export function useLiveMessage<K extends LiveMessage['kind']>(
  kind: K,
  handler: (message: MessageOf<K>) => void,
): void {
  // The latest handler, so a new closure each render does not resubscribe.
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener: Listener = (message) => {
      if (message.kind === kind) latest.current(message as MessageOf<K>);
    };
    messageListeners.add(listener);
    return () => {
      messageListeners.delete(listener);
    };
  }, [kind]);
}

const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];

/** Keeps a socket open until the returned function is called. */
export function connectLive(onMessage: Listener, onReconnect: () => void): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let failures = 0;
  let everOpened = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const scheduleRetry = () => {
    if (stopped) return;
    const base = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!;
    failures++;
    // Jitter, so a restarted server is not met by every tab at the same instant.
    retryTimer = setTimeout(() => void open(), base / 2 + Math.random() * base);
  };

  async function open() {
    if (stopped) return;
    let ticket: string;
    try {
      ({ ticket } = await api('POST /api/live/ticket'));
    } catch {
      scheduleRetry();
      return;
    }
    if (stopped) return;
    const url = new URL(LIVE_PATH, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('ticket', ticket);
    const ws = new WebSocket(url);
    socket = ws;
    ws.onmessage = (event) => {
      let message: LiveMessage;
      try {
        message = JSON.parse(String(event.data)) as LiveMessage;
      } catch {
        return;
      }
      if (message.kind === 'hello') {
        failures = 0;
        setConnected(true);
        // Whatever changed while the socket was down is read again.
        if (everOpened) onReconnect();
        everOpened = true;
        return;
      }
      onMessage(message);
      messageListeners.forEach((listen) => listen(message));
    };
    ws.onclose = () => {
      if (socket === ws) socket = null;
      setConnected(false);
      scheduleRetry();
    };
  }

  void open();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    socket?.close(1000, 'Signed out');
    socket = null;
    setConnected(false);
  };
}
