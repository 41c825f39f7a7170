import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, resolveSecrets } from './app-config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const sut = loadConfig({});
    expect(sut.PORT).toBe(3000);
    expect(sut.DATA_DIR).toBe('.data');
    expect(sut.DATABASE_URL).toBeUndefined();
    expect(sut.REDIS_URL).toBeUndefined();
    expect(sut.ADMIN_EMAILS).toEqual([]);
    expect(sut.oidcConfigured).toBe(false);
  });

  it('reads and converts values', () => {
    const sut = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/betwixt',
      REDIS_URL: 'redis://127.0.0.1:6379',
      ADMIN_EMAILS: 'Boss@Example.com, ops@example.com',
      OIDC_ISSUER: 'http://127.0.0.1:9000',
      OIDC_CLIENT_ID: 'betwixt',
    });
    expect(sut.PORT).toBe(8080);
    expect(sut.ADMIN_EMAILS).toEqual(['boss@example.com', 'ops@example.com']);
    expect(sut.oidcConfigured).toBe(true);
    expect(sut.publicUrl).toBe('http://localhost:8080');
  });

  it.each([
    ['PORT', 'eighty', /PORT/],
    ['PORT', '70000', /PORT/],
    ['DATABASE_URL', 'mysql://localhost/db', /DATABASE_URL must be a postgres:\/\/ URL/],
    ['REDIS_URL', 'localhost:6379', /REDIS_URL must be a redis:\/\/ URL/],
    ['JWT_SECRET', 'short', /JWT_SECRET must be at least 32 characters/],
    ['ADMIN_EMAILS', 'not-an-email', /ADMIN_EMAILS/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL/],
    ['OIDC_ISSUER', 'not a url', /OIDC_ISSUER/],
  ])('stops on a bad %s with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('ignores variables it does not know', () => {
    expect(() => loadConfig({ HOME: '/root', SOMETHING_ELSE: 'x' })).not.toThrow();
  });
});

describe('resolveSecrets', () => {
  it('generates a JWT secret once under DATA_DIR and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'betwixt-config-'));
    const first = resolveSecrets(loadConfig({ DATA_DIR: dir })).jwtSecret;
    const second = resolveSecrets(loadConfig({ DATA_DIR: dir })).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(second).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
  });

  it('prefers a configured secret', () => {
    const secret = 'x'.repeat(40);
    expect(resolveSecrets(loadConfig({ JWT_SECRET: secret, DATA_DIR: '/nonexistent' })).jwtSecret).toBe(
      secret,
    );
  });
});
