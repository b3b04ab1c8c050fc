/** A labelled progress bar (progress / goal, capped at 100%). */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.max(0, Math.min(100, percent));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="h-2.5 w-full overflow-hidden rounded-full bg-white/10"
    >
      <div
        className={`h-full rounded-full ${value >= 100 ? 'bg-emerald-400' : 'bg-amber-400'}`}
        style={{ width: `${value}%` }}
      />
    </div>
  );
}
