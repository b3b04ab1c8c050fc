import { useSyncExternalStore } from 'react';

/** Chromium's install prompt (not in the DOM typings): shown on prompt(), once. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let installPrompt: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * Installs the service worker (public/sw.js: pushes and the offline page) and keeps the browser's
 * offer to install the app for a button to use. Production builds only: in development Vite
 * serves modules that change under a worker. The offer is held, not shown: a browser may show
 * it only after a gesture of the player's (the Install app button).
 */
export function startPwa(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installPrompt = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    installPrompt = null;
    changed();
  });
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker did not install', error);
    });
  };
  // After the page's own loading, which the worker's install must not compete with.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Whether the browser offers to install the app now, and what asks it to. */
export function useInstallPrompt(): { available: boolean; install: () => Promise<void> } {
  const available = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => installPrompt !== null,
    () => false,
  );
  return {
    available,
    install: async () => {
      const offer = installPrompt;
      if (!offer) return;
      // An offer is good for one prompt, whatever the answer.
      installPrompt = null;
      changed();
      await offer.prompt();
      await offer.userChoice;
    },
  };
}
