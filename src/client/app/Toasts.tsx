import { useEffect, useSyncExternalStore } from 'react';
import { loadToasts, toastLibrary } from '../lib/toast';

const FIRST_TOUCH = ['pointerdown', 'keydown'] as const;

/** Spec section 9: how many toasts are kept, how long each kind stays, how wide they get. */
const TOASTS = {
  maxKept: 20,
  blankMs: 4000,
  errorMs: 4000,
  customMs: 4000,
  successMs: 2000,
  autoCloseMs: 5000,
  maxWidthPx: 350,
} as const;

/**
 * One Toaster renders every position: each toast carries its own (see lib/toast.ts).
 * The library's built-in limit is already the spec's 20 kept toasts; the durations and
 * width are restated here so the spec constants stay the single source.
 */
export function Toasts() {
  const library = useSyncExternalStore(toastLibrary.subscribe, toastLibrary.get, () => null);

  useEffect(() => {
    if (library) return;
    const load = () => void loadToasts().catch(() => undefined);
    for (const type of FIRST_TOUCH)
      window.addEventListener(type, load, { capture: true, once: true, passive: true });
    return () => {
      for (const type of FIRST_TOUCH) window.removeEventListener(type, load, { capture: true });
    };
  }, [library]);

  if (!library) return null;
  const { Toaster } = library;
  return (
    <Toaster
      position="top-right"
      // Top toasts start below the sticky nav (NavBar keeps --nav-bottom current), so a success
      // never hides the balance pill it is about; bottom ones keep the library's 16 px.
      containerStyle={{ top: 'calc(var(--nav-bottom, 4rem) + 0.5rem)' }}
      toastOptions={{
        duration: TOASTS.blankMs,
        blank: { duration: TOASTS.blankMs },
        error: { duration: TOASTS.errorMs },
        custom: { duration: TOASTS.customMs },
        success: { duration: TOASTS.successMs },
        loading: { duration: Infinity },
        style: {
          maxWidth: `${TOASTS.maxWidthPx}px`,
          background: '#1e293b',
          color: '#f1f5f9',
          border: '1px solid rgb(255 255 255 / 0.12)',
        },
      }}
    />
  );
}
