import { useGameSound } from '../public';
import { Volume2, VolumeX } from 'lucide-react';

export function SoundToggle() {
  const { on, toggle } = useGameSound();
  return (
    <button
      type="button"
      className="btn-secondary"
      aria-pressed={on}
      onClick={toggle}
      data-testid="sound-toggle"
    >
      {on ? <Volume2 /> : <VolumeX />}
      Sound {on ? 'on' : 'off'}
    </button>
  );
}
