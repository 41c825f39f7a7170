import { storedToken } from './auth-storage';
import type { Schemas } from '../api/schemas';

/**
 * Web Push: lets the server reach this browser while the app is closed. The browser subscribes with the
 * server's VAPID public key and the subscription is registered for the signed-in account; the service
 * worker's `push` handler shows what arrives (public/sw.js). Everything here is best effort: a browser
 * without a push service (or a headless one) simply gets notifications only while the app is open.
 */

/** The endpoint registered for the current account, so logout can unregister it without waiting. */
let registeredEndpoint: string | null = null;

/** base64url (the VAPID public key as the server sends it) to the bytes PushManager.subscribe takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, index) => byte === b[index]);
}

function authHeaders(token: string, body: boolean): Record<string, string> {
  return { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) };
}

/**
 * Subscribes this browser (once permission is granted) and registers it for the signed-in account; on
 * every app start, so a new key, an expired subscription or another account on this browser is put right.
 */
export async function syncPushSubscription(): Promise<void> {
  const token = storedToken();
  if (!token || !('serviceWorker' in navigator) || !('PushManager' in window)) return;
  if (Notification.permission !== 'granted') return;
  try {
    const keyResponse = await fetch('/api/push/public-key', { headers: authHeaders(token, false) });
    if (!keyResponse.ok) return;
    const { publicKey } = (await keyResponse.json()) as Schemas['PushPublicKeyDto'];
    const serverKey = base64UrlToBytes(publicKey);
    const registration = await navigator.serviceWorker.ready;
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, serverKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: serverKey,
    });
    const saved = await fetch('/api/push/subscriptions', {
      method: 'POST',
      headers: authHeaders(token, true),
      body: JSON.stringify(subscription.toJSON()),
    });
    if (saved.ok) registeredEndpoint = subscription.endpoint;
  } catch (error) {
    console.info('Web Push not available in this browser', error);
  }
}

/**
 * On logout: stops pushes for this account on this browser. Sent with keepalive so it survives the page
 * navigating to /api/logout right after.
 */
export function forgetPushSubscription(token: string | null): void {
  if (!token || !registeredEndpoint) return;
  void fetch('/api/push/subscriptions', {
    method: 'DELETE',
    keepalive: true,
    headers: authHeaders(token, true),
    body: JSON.stringify({ endpoint: registeredEndpoint }),
  }).catch(() => undefined);
  registeredEndpoint = null;
}
