import { describe, expect, it } from 'vitest';
import { Trickle } from './trickle';

describe('Trickle', () => {
  it('takes 40 hits a second as a trickle however they jitter (a 20 ms gap rule did not)', () => {
    const trickle = new Trickle(250, 25);
    let now = 0;
    for (let k = 0; k < 400; k++) {
      // Gaps of 5 to 45 ms, 25 ms on average.
      now += k % 2 === 0 ? 5 : 45;
      expect(trickle.hit(now)).toBe(true);
    }
  });

  it('takes a burst as a burst once `max` hits came within the window, and a trickle again after it', () => {
    const trickle = new Trickle(250, 25);
    const answers = Array.from({ length: 100 }, (_, k) => trickle.hit(k));
    expect(answers.slice(0, 25).every(Boolean)).toBe(true);
    expect(answers.slice(25).some(Boolean)).toBe(false);
    // A quiet moment as long as the window, and the next hit is a trickle again.
    expect(trickle.hit(99 + 250)).toBe(true);
  });
});
