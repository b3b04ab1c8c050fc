export function HourlyLimitOverlay({ resetAt }: { resetAt: string | null }) {
  return (
    <div
      className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-slate-950/85 p-4 text-center"
      role="status"
      data-testid="frenzy-overlay"
    >
      <p className="font-display text-2xl font-bold text-white">
        Hourly limit reached! Come back later.
      </p>
      {resetAt && (
        <p className="text-slate-300">
          The next hour starts at{' '}
          {new Date(resetAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}.
        </p>
      )}
    </div>
  );
}
