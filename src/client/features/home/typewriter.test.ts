import { describe, expect, it } from 'vitest';
import {
  nextTypewriterStep,
  typewriterText,
  TYPEWRITER,
  TYPEWRITER_START,
  type TypewriterState,
} from './typewriter';

function run(words: readonly string[]) {
  const frames: string[] = [];
  const delays: number[] = [];
  let state: TypewriterState = TYPEWRITER_START;
  for (
    let step = nextTypewriterStep(state, words, TYPEWRITER);
    step;
    step = nextTypewriterStep(state, words, TYPEWRITER)
  ) {
    state = step.state;
    delays.push(step.delayMs);
    frames.push(typewriterText(state, words));
  }
  return { frames, delays, last: typewriterText(state, words) };
}

describe('typewriter', () => {
  it('types, pauses, deletes and stops on the last word after one loop', () => {
    const { frames, delays, last } = run(['ab', 'cd']);
    expect(frames).toEqual(['a', 'ab', 'ab', 'a', '', 'c', 'cd']);
    expect(delays).toEqual([
      TYPEWRITER.typeSpeedMs,
      TYPEWRITER.typeSpeedMs,
      TYPEWRITER.pauseMs,
      TYPEWRITER.deleteSpeedMs,
      TYPEWRITER.deleteSpeedMs,
      TYPEWRITER.typeSpeedMs,
      TYPEWRITER.typeSpeedMs,
    ]);
    expect(last).toBe('cd');
  });
});
