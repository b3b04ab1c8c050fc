import { passwordStrength, type PasswordStrength } from '../passwordStrength';

const LOOK: Record<PasswordStrength, { width: string; colour: string; text: string }> = {
  weak: { width: 'w-1/3', colour: 'bg-rose-500', text: 'text-rose-300' },
  medium: { width: 'w-2/3', colour: 'bg-amber-400', text: 'text-amber-200' },
  strong: { width: 'w-full', colour: 'bg-emerald-400', text: 'text-emerald-300' },
};

/** Advisory only (spec section 5): the server enforces its own length limits. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (password === '') return null;
  const strength = passwordStrength(password);
  const look = LOOK[strength];
  return (
    <div className="mt-2" data-testid="password-strength" data-strength={strength}>
      <div className="h-2 overflow-hidden rounded-full bg-white/10" aria-hidden="true">
        <div className={`h-full rounded-full transition-all ${look.width} ${look.colour}`} />
      </div>
      <p className={`mt-1 text-xs font-semibold ${look.text}`} aria-live="polite">
        Strength: {strength}
      </p>
    </div>
  );
}
