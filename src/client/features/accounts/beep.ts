interface WindowWithWebkitAudio {
  webkitAudioContext?: typeof AudioContext;
}

const NOTES_HZ = [523.25, 659.25, 783.99, 1046.5];
const NOTE_SECONDS = 0.11;

/** A short rising arpeggio made on the fly, so the win sound needs no audio file. */
export function playWinSound(): void {
  const Context = window.AudioContext ?? (window as WindowWithWebkitAudio).webkitAudioContext;
  if (!Context) return;
  try {
    const context = new Context();
    const start = context.currentTime;
    NOTES_HZ.forEach((frequency, index) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      const at = start + index * NOTE_SECONDS;
      oscillator.type = 'square';
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.08, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + NOTE_SECONDS);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + NOTE_SECONDS);
    });
    window.setTimeout(() => void context.close(), (NOTES_HZ.length * NOTE_SECONDS + 0.2) * 1000);
  } catch {
    // Audio is decoration; a browser refusing it must not break the toy.
  }
}
