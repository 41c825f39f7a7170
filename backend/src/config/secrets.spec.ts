import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { ConfigError, loadConfig } from './app-config.js';
import { resolveSecrets } from './secrets.js';

const tempDataDir = () => mkdtempSync(join(tmpdir(), 'betwixt-config-'));
const vapidPair = webpush.generateVAPIDKeys();
const vapidEnv = { VAPID_PUBLIC_KEY: vapidPair.publicKey, VAPID_PRIVATE_KEY: vapidPair.privateKey };

describe('resolveSecrets', () => {
  it('generates a JWT secret once under DATA_DIR and reuses it', () => {
    const dir = tempDataDir();
    const first = resolveSecrets(loadConfig({ DATA_DIR: dir })).jwtSecret;
    const second = resolveSecrets(loadConfig({ DATA_DIR: dir })).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(second).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
  });

  it('prefers configured secrets and writes nothing then', () => {
    const secret = 'x'.repeat(40);
    const sut = resolveSecrets(loadConfig({ JWT_SECRET: secret, ...vapidEnv, DATA_DIR: '/nonexistent' }));
    expect(sut.jwtSecret).toBe(secret);
    expect(sut.vapid).toEqual({ ...vapidPair, subject: 'mailto:webpush@localhost' });
  });

  it('generates a VAPID key pair once under DATA_DIR, private to the owner, and every instance reads it', () => {
    const dir = tempDataDir();
    const first = resolveSecrets(loadConfig({ DATA_DIR: dir })).vapid;
    const second = resolveSecrets(
      loadConfig({ DATA_DIR: dir, VAPID_SUBJECT: 'mailto:ops@example.com' }),
    ).vapid;
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).toEqual({ ...first, subject: 'mailto:ops@example.com' });
    const file = join(dir, 'vapid-keys.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).sort()).toEqual(['jwt-secret', 'vapid-keys.json']); // no temporary files left
  });

  it('signs with the stored VAPID key: web-push accepts the pair and the JWT verifies', () => {
    const { vapid } = resolveSecrets(loadConfig({ DATA_DIR: tempDataDir() }));
    const headers = webpush.getVapidHeaders(
      'https://push.example.net',
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
    );
    expect(headers.Authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`),
    );
  });

  it('stops with a clear message when the stored VAPID file is damaged', () => {
    const dir = tempDataDir();
    writeFileSync(join(dir, 'vapid-keys.json'), '{"publicKey":"B","privateKey":"x"}');
    expect(() => resolveSecrets(loadConfig({ DATA_DIR: dir }))).toThrow(ConfigError);
    expect(() => resolveSecrets(loadConfig({ DATA_DIR: dir }))).toThrow(
      /vapid-keys\.json does not hold a VAPID key pair\. Set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/,
    );
    writeFileSync(join(dir, 'vapid-keys.json'), 'null');
    expect(() => resolveSecrets(loadConfig({ DATA_DIR: dir }))).toThrow(/does not hold a VAPID key pair/);
  });
});
