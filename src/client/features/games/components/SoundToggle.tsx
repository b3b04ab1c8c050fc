import { useGameSound } from '../useGameSound';

export function SoundToggle() {
  const { on, toggle } = useGameSound();
  return (
    <button type="button" className="btn-secondary" aria-pressed={on} onClick={toggle} data-testid="sound-toggle">
      <span aria-hidden="true">{on ? '🔊' : '🔇'}</span>
      Sound {on ? 'on' : 'off'}
    </button>
  );
}
