import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Hex SHA-256 of `${move}:${salt}`, the commitment a duel's challenger made before the answer.
 * crypto.subtle exists only in secure contexts (https, localhost); on a plain-http LAN address
 * the same digest comes from @noble/hashes.
 */
export async function commitmentOf(move: string, salt: string): Promise<string> {
  const text = `${move}:${salt}`;
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return bytesToHex(sha256(utf8ToBytes(text)));
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
