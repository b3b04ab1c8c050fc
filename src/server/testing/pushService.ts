import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** What a push service received for one subscription, decrypted and its signature checked. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The JWT's claims, after its ES256 signature checked out against the `k=` key. */
  claims: { aud: string; exp: number; sub: string };
  /** The `k=` of the Authorization header: the server's VAPID public key. */
  vapidKey: string;
  /** The decrypted body, parsed as JSON. */
  payload: unknown;
}

/** A browser's side of one subscription: its ECDH pair and auth secret. */
export interface Browser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
}

/**
 * A push service on loopback, for tests of web push against a real peer: it answers each path
 * with the status set for it (201 by default), decrypts each body (aes128gcm, RFC 8291) with the
 * browser's private key and auth secret, and verifies the VAPID JWT (RFC 8292) with node:crypto.
 */
export class PushService {
  readonly received: ReceivedPush[] = [];
  readonly failures: string[] = [];
  private readonly statuses = new Map<string, number>();
  private readonly browsers = new Map<string, Browser>();
  private server: Server | null = null;
  private base = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        try {
          this.received.push(this.read(path, req.headers, Buffer.concat(chunks)));
        } catch (err) {
          this.failures.push(`${path}: ${(err as Error).message}`);
        }
        res.statusCode = this.statuses.get(path) ?? 201;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** A new browser subscribed at /push/<name>, answered with `status`. */
  browser(name: string, status = 201): Browser {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const path = `/push/${name}`;
    const browser: Browser = {
      endpoint: `${this.base}${path}`,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
      ecdh,
    };
    this.statuses.set(path, status);
    this.browsers.set(path, browser);
    return browser;
  }

  to(browser: Browser): ReceivedPush[] {
    return this.received.filter((r) => `${this.base}${r.path}` === browser.endpoint);
  }

  private read(path: string, headers: ReceivedPush['headers'], body: Buffer): ReceivedPush {
    const browser = this.browsers.get(path);
    if (!browser) throw new Error('no such subscription');
    if (headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
    const auth = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization));
    if (!auth) throw new Error(`Authorization is not vapid t=..., k=...: ${headers.authorization}`);
    const [jwt, vapidKey] = [auth[1]!, auth[2]!];
    const [head, claims, signature] = jwt.split('.');
    const raw = Buffer.from(vapidKey, 'base64url');
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    const signed = verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature ?? '', 'base64url'),
    );
    if (!signed) throw new Error('the VAPID signature does not verify');
    if (JSON.parse(Buffer.from(head!, 'base64url').toString()).alg !== 'ES256')
      throw new Error('the VAPID JWT is not ES256');
    const plain = decrypt(body, {
      version: 'aes128gcm',
      privateKey: browser.ecdh,
      authSecret: browser.keys.auth,
    });
    return {
      path,
      headers,
      claims: JSON.parse(Buffer.from(claims!, 'base64url').toString()) as ReceivedPush['claims'],
      vapidKey,
      payload: JSON.parse(plain.toString('utf8')),
    };
  }
}
