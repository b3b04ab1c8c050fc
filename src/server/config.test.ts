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

describe('e-mail settings', () => {
  it('are off without SMTP_URL, with defaults for the rest', () => {
    const config = loadConfig({});
    expect(config.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBeUndefined();
    expect(config.mailFrom).toBe('Fair & Square <no-reply@localhost>');
    expect(config.digestAfterHours).toBe(24);
  });

  it('take an smtp: or smtps: URL, which needs PUBLIC_URL', () => {
    const config = loadConfig({
      SMTP_URL: ' smtps://me:secret@mail.example.com:465 ',
      PUBLIC_URL: 'https://play.example.com/',
      MAIL_FROM: 'Fair & Square <hello@example.com>',
      DIGEST_AFTER_HOURS: '12.5',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtps://me:secret@mail.example.com:465',
      publicUrl: 'https://play.example.com',
      mailFrom: 'Fair & Square <hello@example.com>',
      digestAfterHours: 12.5,
    });
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000/fs//' }).publicUrl).toBe(
      'http://localhost:3000/fs',
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(
      /SMTP_URL needs PUBLIC_URL/,
    );
    expect(() =>
      loadConfig({ SMTP_URL: 'http://mail.example.com', PUBLIC_URL: 'https://x.example.com' }),
    ).toThrow(/SMTP_URL must be/);
  });

  it('refuse a PUBLIC_URL, MAIL_FROM or DIGEST_AFTER_HOURS they cannot use, naming it', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'play.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://x.example.com/?a=1' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(loadConfig({ MAIL_FROM: 'ops@example.com' }).mailFrom).toBe('ops@example.com');
    expect(() => loadConfig({ DIGEST_AFTER_HOURS: '0' })).toThrow(/DIGEST_AFTER_HOURS/);
    expect(() => loadConfig({ DIGEST_AFTER_HOURS: 'daily' })).toThrow(/DIGEST_AFTER_HOURS/);
  });
});

describe('REGISTRATION_MODE', () => {
  it('defaults to open, takes the four modes in any case and refuses others, naming the setting', () => {
    expect(loadConfig({}).registrationMode).toBe('open');
    for (const mode of ['open', 'invite', 'approval', 'closed'] as const)
      expect(loadConfig({ REGISTRATION_MODE: mode.toUpperCase() }).registrationMode).toBe(mode);
    expect(() => loadConfig({ REGISTRATION_MODE: 'friends' })).toThrow(
      /REGISTRATION_MODE must be one of open, invite, approval, closed/,
    );
  });
});
