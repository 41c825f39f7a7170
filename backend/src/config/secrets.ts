import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { type AppConfig, ConfigError, type VapidDetails } from './app-config.js';
import { isVapidKeyPair } from './config-rules.js';

/**
 * The content of a generated secret file under DATA_DIR, created on first use. The file is written
 * whole under a temporary name and then hard-linked into place, which fails if it already exists: when
 * instances sharing DATA_DIR start together, exactly one creation wins, nobody reads half a file, and
 * everyone ends up with the winner's content.
 */
function readOrCreateSecretFile(file: string, create: () => string): string {
  if (!existsSync(file)) {
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(temporary, create(), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temporary);
    }
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * Fills in secrets that may be generated: a JWT secret and a VAPID key pair are created once and kept
 * under DATA_DIR, so tokens and push subscriptions survive restarts without anyone configuring them.
 */
export function resolveSecrets(config: AppConfig): AppConfig {
  config.jwtSecret =
    config.JWT_SECRET ??
    readOrCreateSecretFile(dataFile(config, 'jwt-secret'), () => randomBytes(48).toString('base64url'));
  config.vapid = { ...resolveVapidKeys(config), subject: config.vapidSubject };
  return config;
}

function dataFile(config: AppConfig, name: string): string {
  mkdirSync(config.dataDir, { recursive: true });
  return join(config.dataDir, name);
}

/** The configured key pair, else the one in DATA_DIR/vapid-keys.json (generated on first boot). */
function resolveVapidKeys(config: AppConfig): Omit<VapidDetails, 'subject'> {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  const file = dataFile(config, 'vapid-keys.json');
  const text = readOrCreateSecretFile(file, () => JSON.stringify(webpush.generateVAPIDKeys()));
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    // reported below
  }
  const { publicKey, privateKey } = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<
    Record<'publicKey' | 'privateKey', unknown>
  >;
  if (
    typeof publicKey !== 'string' ||
    typeof privateKey !== 'string' ||
    !isVapidKeyPair(publicKey, privateKey)
  ) {
    throw new ConfigError(
      `Invalid configuration:\n  ${file} does not hold a VAPID key pair. Set VAPID_PUBLIC_KEY and ` +
        'VAPID_PRIVATE_KEY, or delete the file to generate new keys (browsers then have to subscribe again).',
    );
  }
  return { publicKey, privateKey };
}
