import { randomBytes } from 'node:crypto';

/** 16 random bytes (128 bits) written as 22 base64url characters: not guessable, short enough for a QR code. */
const CODE_BYTES = 16;

/** What a link code can look like; anything else is unknown without asking the database. */
export const LINK_CODE_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/** A new random code for a shareable link (invite links, open challenges). */
export function newLinkCode(): string {
  return randomBytes(CODE_BYTES).toString('base64url');
}
