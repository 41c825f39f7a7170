import { ConfigError } from '../config/app-config.js';
import { StartupError, startupFailureMessage } from './startup-error.js';

const systemError = (code: string, extra: Record<string, string> = {}) =>
  Object.assign(new Error(`${code} happened`), { code, ...extra });

describe('startupFailureMessage', () => {
  it('prints a StartupError as it is', () => {
    expect(startupFailureMessage(new StartupError('Port 1 is taken: free it.'))).toBe(
      'Port 1 is taken: free it.',
    );
  });

  it('puts every bad variable of a ConfigError on one line, with what to do', () => {
    const message = startupFailureMessage(
      new ConfigError('Invalid configuration:\n  PORT: must be a number\n  HOST: must be a string'),
    );
    expect(message).toBe(
      'Invalid configuration: PORT: must be a number; HOST: must be a string. Fix the environment variable (see the README, Configuration) and start again.',
    );
  });

  it('names the port that is taken', () => {
    const error = systemError('EADDRINUSE', { syscall: 'listen' });
    expect(startupFailureMessage(error, { port: 3000 })).toMatch(/^Port 3000 is already in use.*set PORT/);
  });

  it('names DATA_DIR when a file under it cannot be written', () => {
    const error = systemError('EACCES', { path: '/srv/data/jwt-secret.123.tmp' });
    expect(startupFailureMessage(error, { dataDir: '/srv/data' })).toMatch(
      /^DATA_DIR \/srv\/data is not a writable folder \(EACCES on \/srv\/data\/jwt-secret/,
    );
  });

  it('names the server of DATABASE_URL without its password', () => {
    const context = { databaseUrl: 'postgres://app:s3cret@db.internal:6543/betwixt' };
    const refused = startupFailureMessage(systemError('ECONNREFUSED'), context);
    expect(refused).toMatch(
      /^Cannot reach the PostgreSQL server of DATABASE_URL \(db\.internal:6543: ECONNREFUSED\)/,
    );
    expect(refused).not.toContain('s3cret');
    expect(startupFailureMessage(systemError('28P01'), context)).toMatch(
      /refused the login.*Fix the user and password/,
    );
  });

  it('never says "undefined", whatever was thrown', () => {
    for (const thrown of [
      undefined,
      null,
      42,
      new Error(''),
      Object.assign(new Error(''), { code: 'EWHAT' }),
    ]) {
      const message = startupFailureMessage(thrown);
      expect(message).not.toMatch(/undefined|null$/);
      expect(message.split('\n')).toHaveLength(1);
    }
  });
});
