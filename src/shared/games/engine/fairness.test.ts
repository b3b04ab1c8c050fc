import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  FairStream,
  floatFromBytes,
  floats,
  isClientSeed,
  isServerSeed,
  randomClientSeed,
  randomServerSeed,
  roundHmacHex,
  sha256Hex,
} from './fairness';
import { seededServerSeeds } from './testing';

// Stake's published dice example (stake.com/provably-fair/implementation).
const STAKE = {
  serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
  clientSeed: 'bb62964774',
  nonce: 1,
  hmac: 'c590d171e39b70404ee1fff2ce09c3e1090688e1320a9cd27f58b1ac3dfa8c92',
};

const stakeDice = (float: number): number => Math.floor(float * 10001) / 100;

/** Stake's reference code, transcribed: bytes from successive rounds, 4 per float, summed. */
function stakeFloats(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  count: number,
): number[] {
  const bytes: number[] = [];
  for (let round = 0; bytes.length < count * 4; round++) {
    bytes.push(
      ...hmac(sha256, utf8ToBytes(serverSeed), utf8ToBytes(`${clientSeed}:${nonce}:${round}`)),
    );
  }
  const result: number[] = [];
  for (let i = 0; i < count; i++) {
    result.push(
      bytes.slice(i * 4, i * 4 + 4).reduce((sum, value, j) => sum + value / 256 ** (j + 1), 0),
    );
  }
  return result;
}

describe('fairness stream', () => {
  it("reproduces Stake's published dice vector", () => {
    expect(roundHmacHex(STAKE.serverSeed, STAKE.clientSeed, STAKE.nonce, 0)).toBe(STAKE.hmac);
    const [first] = floats(STAKE.serverSeed, STAKE.clientSeed, STAKE.nonce, 1);
    expect(first).toBe(floatFromBytes(0xc5, 0x90, 0xd1, 0x71));
    expect(stakeDice(first ?? NaN)).toBe(77.18);
  });

  it("matches Stake's reference code float for float, across rounds", () => {
    for (const serverSeed of seededServerSeeds(7, 5)) {
      for (const nonce of [0, 1, 99, 123_456_789, Number.MAX_SAFE_INTEGER]) {
        expect(floats(serverSeed, 'client seed ~!', nonce, 27)).toEqual(
          stakeFloats(serverSeed, 'client seed ~!', nonce, 27),
        );
      }
    }
  });

  it('keys the HMAC with the hex text, not the decoded bytes', () => {
    const decodedKey = Uint8Array.from(STAKE.serverSeed.match(/../g) ?? [], (pair) =>
      parseInt(pair, 16),
    );
    expect(bytesToHex(hmac(sha256, decodedKey, utf8ToBytes('bb62964774:1:0')))).not.toBe(
      STAKE.hmac,
    );
  });

  it('moves to the next round after 8 floats and keeps a cursor', () => {
    const stream = new FairStream(STAKE.serverSeed, STAKE.clientSeed, STAKE.nonce);
    expect(stream.cursor).toBe(0);
    for (let i = 0; i < 8; i++) stream.next();
    expect(stream.cursor).toBe(8);
    const round1 = roundHmacHex(STAKE.serverSeed, STAKE.clientSeed, STAKE.nonce, 1);
    expect(stream.nextU32()).toBe(parseInt(round1.slice(0, 8), 16));
    expect(stream.cursor).toBe(9);
  });

  it('reads uint32 and float consistently, and indexes exactly', () => {
    const a = new FairStream(STAKE.serverSeed, STAKE.clientSeed, 5);
    const b = new FairStream(STAKE.serverSeed, STAKE.clientSeed, 5);
    for (let i = 0; i < 20; i++) {
      const u = a.nextU32();
      expect(b.nextIndex(15)).toBe(Number((BigInt(u) * 15n) >> 32n));
    }
  });

  it('survives interleaved streams and key-cache churn', () => {
    const seeds = seededServerSeeds(11, 1100);
    const streams = seeds.slice(0, 3).map((seed) => new FairStream(seed, 'x', 3));
    const expected = seeds.slice(0, 3).map((seed) => stakeFloats(seed, 'x', 3, 10));
    for (let i = 0; i < 10; i++) {
      streams.forEach((stream, s) => expect(stream.next()).toBe(expected[s]?.[i]));
      for (const seed of seeds.slice(3 + i * 100, 103 + i * 100)) floats(seed, 'y', 0, 1);
    }
  });

  it('validates seeds and nonces', () => {
    expect(isServerSeed(STAKE.serverSeed)).toBe(true);
    expect(isServerSeed(STAKE.serverSeed.toUpperCase())).toBe(false);
    expect(isServerSeed(STAKE.serverSeed.slice(1))).toBe(false);
    expect(isClientSeed('a')).toBe(true);
    expect(isClientSeed(' ~'.repeat(32))).toBe(true);
    expect(isClientSeed('')).toBe(false);
    expect(isClientSeed('x'.repeat(65))).toBe(false);
    expect(isClientSeed('é')).toBe(false);
    expect(isClientSeed('a\nb')).toBe(false);
    expect(() => floats('nope', 'a', 0, 1)).toThrow(RangeError);
    expect(() => floats(STAKE.serverSeed, '', 0, 1)).toThrow(RangeError);
    expect(() => floats(STAKE.serverSeed, 'a', -1, 1)).toThrow(RangeError);
    expect(() => floats(STAKE.serverSeed, 'a', 1.5, 1)).toThrow(RangeError);
    expect(() => floats(STAKE.serverSeed, 'a', 2 ** 53, 1)).toThrow(RangeError);
  });

  it('hashes and generates seeds', () => {
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(isServerSeed(randomServerSeed())).toBe(true);
    expect(randomServerSeed()).not.toBe(randomServerSeed());
    expect(isClientSeed(randomClientSeed())).toBe(true);
  });
});
