import type { ReactNode } from 'react';

export function LoadingState({ children = 'Loading…' }: { children?: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-slate-400">
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-amber-300 border-t-transparent"
      />
      {children}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-white/15 p-4 text-center text-slate-400">
      {children}
    </p>
  );
}

export function ErrorBanner({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-rose-500/50 bg-rose-950/60 px-4 py-3 text-rose-100"
    >
      {children}
    </div>
  );
}
