import { useEffect, useState } from 'react';
import { Bell, BellOff } from 'lucide-react';
import { errorMessage } from '../../../lib/errorMessages';
import { pushState, turnOffPush, turnOnPush, type PushState } from '../push';

const WORDS: Record<PushState, string> = {
  unsupported: 'This browser cannot show push notifications from this site.',
  blocked:
    "Notifications are blocked for this site: allow them in your browser's site settings, then come back.",
  off: 'Get a notification on this device when something happens while you are away.',
  on: 'This device gets a notification when something happens while you are away.',
};

/**
 * Turns web push on or off for this browser. Nothing is asked of the browser until the player
 * clicks: a permission prompt out of the blue is what gets sites blocked.
 */
export function PushToggle() {
  const [state, setState] = useState<PushState | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    pushState().then(
      (s) => live && setState(s),
      () => live && setState('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);

  if (state === null) return null;

  async function toggle(next: () => Promise<PushState>) {
    setPending(true);
    setError(null);
    try {
      setState(await next());
    } catch (err) {
      setError(errorMessage(err, 'Push notifications could not be changed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="flex flex-col gap-2" data-testid="push-toggle">
      <p className="text-sm text-slate-300">{WORDS[state]}</p>
      {state === 'off' && (
        <button
          type="button"
          className="btn-secondary self-start"
          disabled={pending}
          onClick={() => void toggle(turnOnPush)}
        >
          <Bell /> {pending ? 'Turning on…' : 'Turn on push notifications'}
        </button>
      )}
      {state === 'on' && (
        <button
          type="button"
          className="btn-secondary self-start"
          disabled={pending}
          onClick={() => void toggle(turnOffPush)}
        >
          <BellOff /> {pending ? 'Turning off…' : 'Turn off push notifications'}
        </button>
      )}
      {error && (
        <p role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}
