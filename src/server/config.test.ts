import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { loadConfig, parseImageHosts, parseTrustProxy } from './config';

const PUBLIC_KEY = `B${'a'.repeat(86)}`;
const PRIVATE_KEY = 'c'.repeat(43);

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['true', 1],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
  ])('reads %j as %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it('refuses what is neither a hop count nor addresses', () => {
    expect(() => parseTrustProxy('yes please')).toThrow(/TRUST_PROXY/);
  });
});

describe('IMAGE_HOSTS', () => {
  it('takes https origins only', () => {
    expect(parseImageHosts('https://a.example.com, https://b.example.com:8443')).toEqual([
      'https://a.example.com',
      'https://b.example.com:8443',
    ]);
    expect(parseImageHosts(undefined)).toEqual([]);
    expect(() => parseImageHosts('http://insecure.example.com')).toThrow(/IMAGE_HOSTS/);
    expect(() => parseImageHosts('https://x.example.com/path')).toThrow(/IMAGE_HOSTS/);
  });

  it('defaults to none', () => {
    expect(loadConfig({}).imageHosts).toEqual([]);
  });
});

describe('PGLITE_SHARED_BUFFERS', () => {
  it('takes a PostgreSQL size and refuses anything else, naming the setting', () => {
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '64MB' }).pgliteSharedBuffers).toBe('64MB');
    expect(loadConfig({}).pgliteSharedBuffers).toBeUndefined();
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: '64 megs' })).toThrow(
      /PGLITE_SHARED_BUFFERS must be a size/,
    );
  });
});

describe('DB_POOL_SIZE', () => {
  it('defaults to three connections per core, takes a count and refuses 0 or words', () => {
    expect(loadConfig({}).dbPoolSize).toBe(Math.max(4, 3 * availableParallelism()));
    expect(loadConfig({ DB_POOL_SIZE: '12' }).dbPoolSize).toBe(12);
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow(
      /DB_POOL_SIZE must be a whole number >= 1/,
    );
    expect(() => loadConfig({ DB_POOL_SIZE: 'many' })).toThrow(/DB_POOL_SIZE/);
  });
});

describe('web push settings', () => {
  it('takes both VAPID keys or neither, each its size, naming the setting', () => {
    expect(loadConfig({}).vapid).toBeUndefined();
    expect(
      loadConfig({ VAPID_PUBLIC_KEY: PUBLIC_KEY, VAPID_PRIVATE_KEY: ` ${PRIVATE_KEY} ` }).vapid,
    ).toEqual({ publicKey: PUBLIC_KEY, privateKey: PRIVATE_KEY });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: PUBLIC_KEY })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: PRIVATE_KEY })).toThrow(
      /VAPID_PUBLIC_KEY must be/,
    );
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: PUBLIC_KEY, VAPID_PRIVATE_KEY: `${PRIVATE_KEY}=` }),
    ).toThrow(/VAPID_PRIVATE_KEY must be/);
  });

  it('takes a mailto: or https: subject, with a default', () => {
    expect(loadConfig({}).vapidSubject).toBe('mailto:admin@localhost');
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@example.com' }).vapidSubject).toBe(
      'mailto:ops@example.com',
    );
    expect(loadConfig({ VAPID_SUBJECT: 'https://example.com/contact' }).vapidSubject).toBe(
      'https://example.com/contact',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT/);
  });

  it('keeps loopback push endpoints off unless PUSH_ALLOW_LOOPBACK=true', () => {
    expect(loadConfig({}).pushLoopback).toBe(false);
    expect(loadConfig({ PUSH_ALLOW_LOOPBACK: 'true' }).pushLoopback).toBe(true);
    expect(() => loadConfig({ PUSH_ALLOW_LOOPBACK: 'yes' })).toThrow(/PUSH_ALLOW_LOOPBACK/);
  });
});
