import { useEffect, useState } from 'react';
import {
  nextTypewriterStep,
  typewriterText,
  TYPEWRITER,
  TYPEWRITER_START,
  type TypewriterOptions,
} from './typewriter';

/** `words` and `options` must be stable (module constants), or the animation restarts. */
export function useTypewriter(words: readonly string[], options: TypewriterOptions = TYPEWRITER) {
  const [state, setState] = useState(TYPEWRITER_START);

  useEffect(() => {
    const step = nextTypewriterStep(state, words, options);
    if (!step) return;
    const timer = setTimeout(() => setState(step.state), step.delayMs);
    return () => clearTimeout(timer);
  }, [state, words, options]);

  return {
    text: typewriterText(state, words),
    done: nextTypewriterStep(state, words, options) === null,
  };
}
