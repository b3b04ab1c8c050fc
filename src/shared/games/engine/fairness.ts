// Provably fair random numbers exactly as Stake documents them (DESIGN.md section 5), so a
// player can check any round with Stake's own published verifier code as well as ours:
//   HMAC-SHA256(key = the server seed's 64-character hex TEXT, message = `${clientSeed}:${nonce}:${round}`)
// Each 32-byte digest yields 8 floats of 4 bytes; a game that needs more floats moves on to
// round + 1 (Stake's "cursor"). Runs unchanged in the browser: no node:crypto, no Buffer.
import { hmac, type _HMAC } from '@noble/hashes/hmac.js';
import { sha256, type _SHA256 } from '@noble/hashes/sha2.js';
import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

const FLOATS_PER_ROUND = 8;
export const CLIENT_SEED_MAX_LENGTH = 64;

const TWO_POW_32 = 2 ** 32;
const SERVER_SEED = /^[0-9a-f]{64}$/;
const CLIENT_SEED = /^[\x20-\x7e]{1,64}$/;

/** 64 lowercase hex characters. Uppercase is refused: the key is the text, so 'AB' and 'ab' differ. */
export const isServerSeed = (seed: string): boolean => SERVER_SEED.test(seed);

/** 1 to 64 printable ASCII characters (space to tilde), so its UTF-8 bytes are its characters. */
export const isClientSeed = (seed: string): boolean => CLIENT_SEED.test(seed);

const isNonce = (nonce: number): boolean => Number.isSafeInteger(nonce) && nonce >= 0;

/** Lowercase hex SHA-256 of the text's UTF-8 bytes: the commitment shown before play is sha256Hex(serverSeed). */
export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

/** A new server seed from the platform CSPRNG (crypto.getRandomValues in Node and browsers). */
export const randomServerSeed = (): string => bytesToHex(randomBytes(32));

/** A default client seed for the browser to propose; the player may replace it. */
export const randomClientSeed = (): string => bytesToHex(randomBytes(10));

function assertClientSeedAndNonce(clientSeed: string, nonce: number): void {
  if (!isClientSeed(clientSeed))
    throw new RangeError('client seed must be 1-64 printable ASCII characters');
  if (!isNonce(nonce)) throw new RangeError('nonce must be a non-negative safe integer');
}

function assertSeeds(serverSeed: string, clientSeed: string, nonce: number): void {
  if (!isServerSeed(serverSeed))
    throw new RangeError('server seed must be 64 lowercase hex characters');
  assertClientSeedAndNonce(clientSeed, nonce);
}

type KeyedHmac = _HMAC<_SHA256>;

// Keying HMAC costs two SHA-256 compressions (ipad and opad blocks), as much as the round
// itself; a server seed serves many rounds, so its keyed state is kept and cloned per round.
// FIFO eviction is enough: a miss only costs those two compressions again.
const KEY_CACHE_LIMIT = 1024;
const keyCache = new Map<string, KeyedHmac>();

/** Only valid seeds are cached, so a hit needs no second look at the seed. */
function keyFor(serverSeed: string): KeyedHmac {
  const cached = keyCache.get(serverSeed);
  if (cached) return cached;
  if (!isServerSeed(serverSeed))
    throw new RangeError('server seed must be 64 lowercase hex characters');
  const key = hmac.create(sha256, utf8ToBytes(serverSeed));
  if (keyCache.size >= KEY_CACHE_LIMIT) {
    const oldest = keyCache.keys().next();
    if (!oldest.done) keyCache.delete(oldest.value);
  }
  keyCache.set(serverSeed, key);
  return key;
}

// Scratch space reused by every round: a digest is computed and read synchronously, start to
// finish, so no two rounds ever share it at the same time. 64 + ':' + 16 digits + ':' + 16 digits fits.
const message = new Uint8Array(CLIENT_SEED_MAX_LENGTH + 34);
const digest = new Uint8Array(32);
const digestView = new DataView(digest.buffer);
let working: KeyedHmac | undefined;

function writeDigits(buffer: Uint8Array, position: number, value: number): number {
  let length = 1;
  for (let rest = value; rest >= 10; rest = (rest - (rest % 10)) / 10) length++;
  for (let i = position + length - 1; i >= position; i--) {
    const digit = value % 10;
    buffer[i] = 48 + digit;
    value = (value - digit) / 10;
  }
  return position + length;
}

/** Seeds must already be valid: the client seed's characters are written as its UTF-8 bytes. */
function digestRound(
  key: KeyedHmac,
  clientSeed: string,
  nonce: number,
  round: number,
  out: Uint8Array,
): void {
  let length = 0;
  for (let i = 0; i < clientSeed.length; i++) message[length++] = clientSeed.charCodeAt(i);
  message[length++] = 58; // ':'
  length = writeDigits(message, length, nonce);
  message[length++] = 58;
  length = writeDigits(message, length, round);
  if (working) key._cloneInto(working);
  else working = key.clone();
  working.update(message.subarray(0, length));
  working.digestInto(out);
}

/** The round's HMAC as lowercase hex, for the verify page to show next to Stake's. */
export function roundHmacHex(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  round: number,
): string {
  assertSeeds(serverSeed, clientSeed, nonce);
  if (!isNonce(round)) throw new RangeError('round must be a non-negative safe integer');
  const out = new Uint8Array(32);
  digestRound(keyFor(serverSeed), clientSeed, nonce, round, out);
  return bytesToHex(out);
}

/**
 * Stake's float from 4 bytes, sum of byte_i / 256^(i+1). Every term is a multiple of 2^-32
 * below 1, so the sum is exact in a double and equals the big-endian uint32 / 2^32.
 */
export const floatFromBytes = (b0: number, b1: number, b2: number, b3: number): number =>
  b0 / 256 + b1 / 256 ** 2 + b2 / 256 ** 3 + b3 / 256 ** 4;

/**
 * The float stream of one game round (one nonce): floats 0-7 come from round 0, 8-15 from
 * round 1, and so on. HMACs are computed only when a float is asked for, so a game that
 * needs 1 float pays for one HMAC.
 */
export class FairStream {
  readonly #key: KeyedHmac;
  readonly #clientSeed: string;
  readonly #nonce: number;
  // The current round's 8 uint32s: one small array per stream, the digest bytes stay shared.
  readonly #words = [0, 0, 0, 0, 0, 0, 0, 0];
  #round = -1;
  #index = FLOATS_PER_ROUND;

  constructor(serverSeed: string, clientSeed: string, nonce: number) {
    assertClientSeedAndNonce(clientSeed, nonce);
    this.#key = keyFor(serverSeed);
    this.#clientSeed = clientSeed;
    this.#nonce = nonce;
  }

  /** Floats taken so far; the next float is number `cursor` of the stream (0-based). */
  get cursor(): number {
    return this.#round * FLOATS_PER_ROUND + this.#index;
  }

  /** The next 4 bytes as a big-endian uint32: the float times 2^32, for exact integer comparisons. */
  nextU32(): number {
    if (this.#index === FLOATS_PER_ROUND) {
      this.#round++;
      digestRound(this.#key, this.#clientSeed, this.#nonce, this.#round, digest);
      for (let i = 0; i < FLOATS_PER_ROUND; i++) this.#words[i] = digestView.getUint32(4 * i);
      this.#index = 0;
    }
    return this.#words[this.#index++] ?? 0;
  }

  /** The next float in [0, 1). */
  next(): number {
    return this.nextU32() / TWO_POW_32;
  }

  /**
   * floor(next() * n), exact for n up to 2^21: the product is a uint32 times n over 2^32,
   * which a double holds without rounding.
   */
  nextIndex(n: number): number {
    return Math.floor(this.next() * n);
  }
}

/** The first `count` floats of a round, as the verify page lists them. */
export function floats(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  count: number,
): number[] {
  if (!Number.isSafeInteger(count) || count < 0)
    throw new RangeError('count must be a non-negative integer');
  const stream = new FairStream(serverSeed, clientSeed, nonce);
  const result = new Array<number>(count);
  for (let i = 0; i < count; i++) result[i] = stream.next();
  return result;
}
