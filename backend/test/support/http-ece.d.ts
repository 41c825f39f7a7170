// http_ece ships no types; this is the part the Web Push tests use (decrypting an aes128gcm body).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export function decrypt(
    buffer: Buffer,
    params: { version?: 'aes128gcm' | 'aesgcm'; privateKey?: ECDH; authSecret?: string | Buffer },
  ): Buffer;
}
