import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import webpush from 'web-push';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './app-config.js';

const vapidPair = webpush.generateVAPIDKeys();
const vapidEnv = { VAPID_PUBLIC_KEY: vapidPair.publicKey, VAPID_PRIVATE_KEY: vapidPair.privateKey };

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const sut = loadConfig({});
    expect(sut.PORT).toBe(3000);
    expect(sut.DATA_DIR).toBe('.data');
    expect(sut.DATABASE_URL).toBeUndefined();
    expect(sut.REDIS_URL).toBeUndefined();
    expect(sut.ADMIN_EMAILS).toEqual([]);
    expect(sut.oidcConfigured).toBe(false);
    expect(sut.databasePoolSize).toBe(10);
  });

  it('reads and converts values', () => {
    const sut = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/betwixt',
      REDIS_URL: 'redis://127.0.0.1:6379',
      ADMIN_EMAILS: 'Boss@Example.com, ops@example.com',
      OIDC_ISSUER: 'http://127.0.0.1:9000',
      OIDC_CLIENT_ID: 'betwixt',
      DATABASE_POOL_SIZE: '24',
    });
    expect(sut.PORT).toBe(8080);
    expect(sut.databasePoolSize).toBe(24);
    expect(sut.ADMIN_EMAILS).toEqual(['boss@example.com', 'ops@example.com']);
    expect(sut.oidcConfigured).toBe(true);
    expect(sut.publicUrl).toBe('http://localhost:8080');
  });

  it.each([
    ['PORT', 'eighty', /PORT/],
    ['PORT', '70000', /PORT/],
    ['DATABASE_URL', 'mysql://localhost/db', /DATABASE_URL must be a postgres:\/\/ URL/],
    ['REDIS_URL', 'localhost:6379', /REDIS_URL must be a redis:\/\/ URL/],
    ['DATABASE_POOL_SIZE', 'ten', /DATABASE_POOL_SIZE must be a whole number of connections/],
    ['DATABASE_POOL_SIZE', '1', /DATABASE_POOL_SIZE must be at least 2/],
    ['DATABASE_POOL_SIZE', '501', /DATABASE_POOL_SIZE must be at most 500/],
    ['JWT_SECRET', 'short', /JWT_SECRET must be at least 32 characters/],
    ['ADMIN_EMAILS', 'not-an-email', /ADMIN_EMAILS/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL/],
    ['OIDC_ISSUER', 'not a url', /OIDC_ISSUER/],
    ['VAPID_PUBLIC_KEY', 'not-a-key', /VAPID_PUBLIC_KEY must be a base64url P-256 public key/],
    ['VAPID_PRIVATE_KEY', 'x'.repeat(44), /VAPID_PRIVATE_KEY must be a base64url P-256 private key/],
    ['VAPID_SUBJECT', 'http://betwixt.example.com', /VAPID_SUBJECT must be a mailto: address or an https/],
    ['VAPID_SUBJECT', 'ops@example.com', /VAPID_SUBJECT/],
    ['PUSH_ALLOW_PRIVATE_ENDPOINTS', 'yes', /PUSH_ALLOW_PRIVATE_ENDPOINTS must be true or false/],
    ['SMTP_URL', 'mail.example.com:587', /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    ['SMTP_URL', 'http://mail.example.com', /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    ['SMTP_URL', 'smtp://mail.example.com/inbox', /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    ['SMTP_URL', 'smtp://mail.example.com:99999', /SMTP_URL: is not a valid URL/],
    ['MAIL_FROM', 'no-reply', /MAIL_FROM must be an address/],
    ['MAIL_FROM', 'Betwixt <no-reply>', /MAIL_FROM must be an address/],
    ['CIRCLE_SEASONS_EVERY_SECONDS', '7', /CIRCLE_SEASONS_EVERY_SECONDS must be one of 1, 2, 3/],
    ['CIRCLE_SEASONS_EVERY_SECONDS', 'often', /CIRCLE_SEASONS_EVERY_SECONDS/],
  ])('stops on a bad %s with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('reads the Web Push settings', () => {
    const sut = loadConfig({
      ...vapidEnv,
      VAPID_SUBJECT: 'mailto:ops@betwixt.example.com',
      PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
    });
    expect(sut.VAPID_PUBLIC_KEY).toBe(vapidPair.publicKey);
    expect(sut.vapidSubject).toBe('mailto:ops@betwixt.example.com');
    expect(sut.PUSH_ALLOW_PRIVATE_ENDPOINTS).toBe(true);
    expect(loadConfig({}).PUSH_ALLOW_PRIVATE_ENDPOINTS).toBe(false);
    expect(loadConfig({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'false' }).PUSH_ALLOW_PRIVATE_ENDPOINTS).toBe(false);
  });

  it('derives the VAPID subject from PUBLIC_URL when it is not set', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://betwixt.example.com/' }).vapidSubject).toBe(
      'https://betwixt.example.com',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:3000' }).vapidSubject).toBe('mailto:webpush@10.0.0.5');
    expect(loadConfig({}).vapidSubject).toBe('mailto:webpush@localhost');
  });

  it('reads the SMTP server from SMTP_URL, with default ports and decoded credentials', () => {
    expect(loadConfig({}).smtp).toBeNull();
    expect(loadConfig({ SMTP_URL: '' }).smtp).toBeNull();
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtp).toEqual({
      host: '127.0.0.1',
      port: 2525,
      secure: false,
    });
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com' }).smtp).toMatchObject({
      port: 587,
      secure: false,
    });
    expect(
      loadConfig({ SMTP_URL: 'smtps://ops%40example.com:p%2Fss%3Aword@mail.example.com/' }).smtp,
    ).toEqual({
      host: 'mail.example.com',
      port: 465,
      secure: true,
      auth: { user: 'ops@example.com', pass: 'p/ss:word' },
    });
    expect(loadConfig({ SMTP_URL: 'smtp://[::1]:25' }).smtp).toMatchObject({ host: '::1', port: 25 });
  });

  it('sends mail from MAIL_FROM, else from no-reply at the public host', () => {
    expect(loadConfig({}).mailFrom).toBe('Betwixt <no-reply@localhost>');
    expect(loadConfig({ PUBLIC_URL: 'https://betwixt.example.com/' }).mailFrom).toBe(
      'Betwixt <no-reply@betwixt.example.com>',
    );
    expect(loadConfig({ MAIL_FROM: 'Bets <bets@example.com>' }).mailFrom).toBe('Bets <bets@example.com>');
    expect(loadConfig({ MAIL_FROM: 'bets@example.com' }).mailFrom).toBe('bets@example.com');
  });

  it('wants both VAPID keys or neither, and a matching pair', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: vapidPair.publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: must be set together with VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: vapidPair.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: must be set together with VAPID_PRIVATE_KEY/,
    );
    const other = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ ...vapidEnv, VAPID_PRIVATE_KEY: other.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY/,
    );
    // All-zero is not a valid P-256 private key.
    expect(() => loadConfig({ ...vapidEnv, VAPID_PRIVATE_KEY: 'A'.repeat(43) })).toThrow(ConfigError);
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or addresses/CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', '10.0.0.0/33', '300.1.1.1', 'proxy.example.com', '1.2.3.4/8/1', '1,,2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });

  it('wants a METRICS_TOKEN long enough not to be guessed', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be at least 16 characters/,
    );
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(32) }).METRICS_TOKEN).toBe('x'.repeat(32));
  });

  it('wants the headers deadline no later than the whole request’s', () => {
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '4000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS: must not be more than HTTP_REQUEST_TIMEOUT_MS/,
    );
    expect(loadConfig({}).HTTP_HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(
      loadConfig({}).HTTP_REQUEST_TIMEOUT_MS,
    );
  });

  it('ignores variables it does not know', () => {
    expect(() => loadConfig({ HOME: '/root', SOMETHING_ELSE: 'x' })).not.toThrow();
  });

  it('reads every variable it declares, and nothing derived', () => {
    expect(CONFIG_VARIABLES).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'SHUTDOWN_DRAIN_MS']));
    expect(CONFIG_VARIABLES).not.toContain('jwtSecret');
    const defaults = loadConfig({}) as unknown as Record<string, unknown>;
    for (const name of CONFIG_VARIABLES) {
      // A value no variable accepts as its default: either refused with the variable's name, or taken.
      let read: Record<string, unknown>;
      try {
        read = loadConfig({ [name]: '12345' }) as unknown as Record<string, unknown>;
      } catch (error) {
        expect((error as Error).message).toContain(name);
        continue;
      }
      expect({ name, value: read[name] }).not.toEqual({ name, value: defaults[name] });
    }
  });

  it('documents every variable it reads in the README, and only those', () => {
    const readme = readFileSync(resolve(__dirname, '../../../README.md'), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
    );
    const documented = new Set(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => (line.split(' | ')[0] ?? '').match(/`[A-Z][A-Z0-9_]*`/g) ?? [])
        .map((name) => name.slice(1, -1)),
    );
    expect([...documented].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
