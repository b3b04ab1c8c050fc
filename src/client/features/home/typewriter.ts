export interface TypewriterOptions {
  typeSpeedMs: number;
  deleteSpeedMs: number;
  pauseMs: number;
  /** How many times to run through the words; 0 or less repeats forever. */
  loops: number;
}

export interface TypewriterState {
  wordIndex: number;
  chars: number;
  deleting: boolean;
  loop: number;
}

/** The hero's typewriter (spec section 9). */
export const TYPEWRITER = {
  typeSpeedMs: 80,
  deleteSpeedMs: 50,
  pauseMs: 1500,
  loops: 1,
  cursorBlinkSeconds: 0.8,
} as const;

export const TYPEWRITER_START: TypewriterState = {
  wordIndex: 0,
  chars: 0,
  deleting: false,
  loop: 0,
};

export interface TypewriterStep {
  state: TypewriterState;
  delayMs: number;
}

/**
 * The next frame of the animation and how long to wait before showing it, or null once the
 * final word of the final loop is fully typed (it then stays on screen).
 */
export function nextTypewriterStep(
  state: TypewriterState,
  words: readonly string[],
  options: TypewriterOptions,
): TypewriterStep | null {
  const word = words[state.wordIndex];
  if (word === undefined) return null;

  if (!state.deleting) {
    if (state.chars < word.length) {
      return { state: { ...state, chars: state.chars + 1 }, delayMs: options.typeSpeedMs };
    }
    const lastWord = state.wordIndex === words.length - 1;
    const lastLoop = options.loops > 0 && state.loop >= options.loops - 1;
    if (lastWord && lastLoop) return null;
    return { state: { ...state, deleting: true }, delayMs: options.pauseMs };
  }

  if (state.chars > 0) {
    return { state: { ...state, chars: state.chars - 1 }, delayMs: options.deleteSpeedMs };
  }
  // The next word's first letter arrives one typing beat after the line empties.
  const wraps = state.wordIndex === words.length - 1;
  const wordIndex = wraps ? 0 : state.wordIndex + 1;
  return {
    state: {
      wordIndex,
      chars: Math.min(1, words[wordIndex]?.length ?? 0),
      deleting: false,
      loop: wraps ? state.loop + 1 : state.loop,
    },
    delayMs: options.typeSpeedMs,
  };
}

export function typewriterText(state: TypewriterState, words: readonly string[]): string {
  return (words[state.wordIndex] ?? '').slice(0, state.chars);
}
