import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

// SHA-256 in counter mode rather than a fast non-cryptographic generator: puzzles publish
// part of what the stream drew (a match-3 board, a clue order, queen regions), and a
// crypto stream guarantees that output never lets anyone rebuild the state and so the
// hidden part. @noble/hashes runs identically in Node and the browser (no node:crypto).

export interface Rng {
  /** Uniform integer in [0, 2^32). */
  uint32(): number;
  /** Uniform integer in [0, n) for 1 <= n <= 2^32, without modulo bias. */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  /** Fisher-Yates in place; returns the same array. */
  shuffle<T>(items: T[]): T[];
}

const TWO_32 = 2 ** 32;

/**
 * The seed of a UTC day: HMAC-SHA256(server secret, 'YYYY-MM-DD') in hex. Server only, as
 * it needs the secret; the date alone would let anyone regenerate the solutions.
 */
export const dailySeed = (serverSecret: string, date: string): string =>
  bytesToHex(hmac(sha256, utf8ToBytes(serverSecret), utf8ToBytes(date)));

/** A labelled, independent sub-seed: one-way, so publishing it reveals nothing of `seed`. */
export const deriveSeed = (seed: string, label: string): string =>
  bytesToHex(sha256(utf8ToBytes(`${label}\u0000${seed}`)));

export function createRng(seed: string): Rng {
  // Hashing first gives every block input the same length, so no two seeds can collide
  // on `seed || counter`.
  const input = new Uint8Array(36);
  input.set(sha256(utf8ToBytes(seed)));
  const inputView = new DataView(input.buffer);
  let counter = 0;
  let block = new DataView(new ArrayBuffer(0));
  let word = 8;

  const uint32 = (): number => {
    if (word === 8) {
      inputView.setUint32(32, counter++);
      const digest = sha256(input);
      block = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
      word = 0;
    }
    return block.getUint32(4 * word++);
  };

  const int = (n: number): number => {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32)
      throw new RangeError(`int(${n}): n must be an integer in [1, 2^32]`);
    // Draws at or above the largest multiple of n are redrawn, so every residue is equally likely.
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const x = uint32();
      if (x < limit) return x % n;
    }
  };

  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[int(items.length)] as T;
  };

  const shuffle = <T>(items: T[]): T[] => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  };

  return { uint32, int, pick, shuffle };
}
