import { api } from '../../lib/api';

/**
 * This browser's web push (DESIGN.md section 12): 'unsupported' without a service worker and the
 * Push API (or in development, where none is installed), 'blocked' when the player refused
 * notifications in the browser, else whether this browser is subscribed.
 */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

/**
 * The worker lib/pwa.ts installs after the page has loaded, so a page opened straight away waits
 * for it; one that never comes (blocked by the browser) leaves push unsupported after a while.
 */
async function workerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return undefined;
  if (!import.meta.env.PROD) return navigator.serviceWorker.getRegistration('/');
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 10_000)),
  ]);
}

const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};

const sameKey = (a: ArrayBuffer | null, b: Uint8Array): boolean =>
  a !== null && a.byteLength === b.length && new Uint8Array(a).every((x, i) => x === b[i]);

export async function pushState(): Promise<PushState> {
  const registration = await workerRegistration();
  if (!registration) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription || Notification.permission !== 'granted') return 'off';
  // Made with a key the server no longer signs with (VAPID keys changed): nothing arrives.
  const { publicKey } = await api('GET /api/push/key');
  return sameKey(subscription.options.applicationServerKey, keyBytes(publicKey)) ? 'on' : 'off';
}

/**
 * Asks the browser's permission (this runs from the player's click), subscribes with the
 * server's VAPID key and gives the subscription to the server. A subscription made with an
 * older key is replaced: the push services would refuse pushes signed with the new one.
 */
export async function turnOnPush(): Promise<PushState> {
  const registration = await workerRegistration();
  if (!registration) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const { publicKey } = await api('GET /api/push/key');
  const key = keyBytes(publicKey);
  const ready = await navigator.serviceWorker.ready;
  let subscription = await ready.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await ready.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth)
    throw new Error('The browser gave a push subscription without its keys');
  await api('POST /api/push/subscriptions', {
    body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
  });
  return 'on';
}

/**
 * This browser stops getting pushes: unsubscribed here at once (so nothing arrives even if the
 * server cannot be told), then removed on the server. Signing out does this too, so a shared
 * browser never shows the last player's notifications.
 */
export async function turnOffPush(): Promise<PushState> {
  // Without waiting for a worker: none installed yet means no subscription to end.
  const registration =
    'serviceWorker' in navigator && 'PushManager' in window
      ? await navigator.serviceWorker.getRegistration('/')
      : undefined;
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return registration ? 'off' : 'unsupported';
  await subscription.unsubscribe();
  // A push to an unsubscribed endpoint answers 410, which removes it on the server anyway.
  await api('DELETE /api/push/subscriptions', { body: { endpoint: subscription.endpoint } }).catch(
    () => undefined,
  );
  return 'off';
}
