import type { Renderable, ToastOptions } from 'react-hot-toast';

type ToastLibrary = typeof import('react-hot-toast');

/*
 * react-hot-toast (with goober, its styles) is not part of the first screen: it loads on the
 * first toast or the first touch of the page (app/Toasts.tsx), whichever comes first, so the home
 * page's scripts stay small. The touch starts the download before any form can fail, so a
 * failure toast after the network dropped still finds its library.
 */
let loading: Promise<ToastLibrary> | undefined;
let loaded: ToastLibrary | null = null;
const listeners = new Set<() => void>();

export function loadToasts(): Promise<ToastLibrary> {
  loading ??= import('react-hot-toast').then(
    (library) => {
      loaded = library;
      listeners.forEach((listener) => listener());
      return library;
    },
    (error: unknown) => {
      loading = undefined; // the next toast or touch tries again
      throw error;
    },
  );
  return loading;
}

/** The library once loaded (null before), for app/Toasts.tsx's useSyncExternalStore. */
export const toastLibrary = {
  get: (): ToastLibrary | null => loaded,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function show(toast: (library: ToastLibrary) => void): void {
  if (loaded) toast(loaded);
  else loadToasts().then(toast, () => undefined);
}

/**
 * Spec section 2: toasts appear top-right and bottom-center. Good news lands top-right,
 * near the nav and balance; failures land bottom-center, near the form that caused them.
 */
export const notify = {
  success: (message: string, options?: ToastOptions) =>
    show(({ default: toast }) => toast.success(message, { position: 'top-right', ...options })),
  /** A message may be an element: a notification's toast is a link to its page. */
  info: (message: Renderable, options?: ToastOptions) =>
    show(({ default: toast }) => toast(message, { position: 'top-right', ...options })),
  error: (message: string, options?: ToastOptions) =>
    show(({ default: toast }) => toast.error(message, { position: 'bottom-center', ...options })),
  dismiss: (id: string) => show(({ default: toast }) => toast.dismiss(id)),
};
