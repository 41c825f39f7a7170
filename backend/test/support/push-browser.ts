import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { decrypt } from 'http_ece';
import type { ReceivedPush } from './local-push-service.js';

/** What a browser holds after PushManager.subscribe: its key pair and auth secret, and the JSON it posts. */
export interface BrowserSubscription {
  ecdh: ECDH;
  body: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export function browserSubscription(endpoint: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    body: {
      endpoint,
      expirationTime: null,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    },
  };
}

/** Decrypts a received push the way the browser does, with its private key and auth secret. */
export function openPush(push: ReceivedPush, browser: BrowserSubscription): unknown {
  const plain = decrypt(push.body, {
    version: 'aes128gcm',
    privateKey: browser.ecdh,
    authSecret: browser.body.keys.auth,
  });
  return JSON.parse(plain.toString('utf8'));
}
