import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import type { AppConfig } from './app-config.js';

/* Rules between variables, or that a decorator cannot express; loadConfig runs them once each variable is valid on its own. */

/** Each TRUST_PROXY entry must be an address, a CIDR with a prefix the address family allows, or a name. */
export function trustProxyErrors(config: AppConfig): string[] {
  const trusted = config.trustProxy;
  if (!Array.isArray(trusted)) return [];
  const bad = trusted.filter((entry) => !isTrustedProxyEntry(entry));
  return bad.length === 0 ? [] : [`TRUST_PROXY: ${bad.join(', ')} is not an IP address or CIDR`];
}

function isTrustedProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** What the pattern cannot tell: a port out of range, a host or escape the URL parser refuses. */
export function smtpUrlErrors(config: AppConfig): string[] {
  try {
    void config.smtp;
    return [];
  } catch {
    return ['SMTP_URL: is not a valid URL (percent-encode special characters in the user and password)'];
  }
}

/** Rules between the two VAPID keys: both or neither, and the public key is the private key's. */
export function vapidPairErrors(config: AppConfig): string[] {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  if (!publicKey && !privateKey) return [];
  if (!publicKey) return ['VAPID_PUBLIC_KEY: must be set together with VAPID_PRIVATE_KEY'];
  if (!privateKey) return ['VAPID_PRIVATE_KEY: must be set together with VAPID_PUBLIC_KEY'];
  return isVapidKeyPair(publicKey, privateKey)
    ? []
    : ['VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY'];
}

export function isVapidKeyPair(publicKey: string, privateKey: string): boolean {
  try {
    const curve = createECDH('prime256v1');
    curve.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return curve.getPublicKey().toString('base64url') === publicKey;
  } catch {
    return false; // not a valid P-256 scalar
  }
}

/** Node refuses a headers deadline later than the whole request's. */
export function httpTimeoutErrors(config: AppConfig): string[] {
  return config.HTTP_HEADERS_TIMEOUT_MS > config.HTTP_REQUEST_TIMEOUT_MS
    ? ['HTTP_HEADERS_TIMEOUT_MS: must not be more than HTTP_REQUEST_TIMEOUT_MS']
    : [];
}
