/** The part of http_ece (RFC 8188, no types of its own) the push service stand-in uses. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  /** aes128gcm: the sender's public key is read from the body's header (keyid). */
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string | Buffer },
  ): Buffer;
}
