import sharp from 'sharp';
import type { TestApp } from './test-app.js';

/** Text the test images carry in their EXIF, so a test can look for it in what the server sends back. */
export const EXIF_MARKER = 'Betwixt-test-owner-47.6062N';

/**
 * A real image of the given format and size, with EXIF (owner, description, orientation) written in where
 * the format holds it. `noise` makes the pixels random, so the file cannot compress (for size limits).
 */
export async function testImage(
  format: 'png' | 'jpeg' | 'webp' | 'gif',
  { width = 640, height = 480, noise = false }: { width?: number; height?: number; noise?: boolean } = {},
): Promise<Buffer> {
  const base = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 30, g: 120, b: 200 },
      ...(noise ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 60 } } : {}),
    },
  }).withExif({ IFD0: { Copyright: EXIF_MARKER, ImageDescription: EXIF_MARKER } });
  return base.toFormat(format).toBuffer();
}

/** Sends `body` as the picture upload with the given content type. */
export async function putPicture(
  t: TestApp,
  body: Buffer | string,
  options: { token?: string; contentType?: string; path?: string; method?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'image/png' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${t.url}${options.path ?? '/api/users/me/picture'}`, {
    method: options.method ?? 'PUT',
    headers,
    body: typeof body === 'string' ? body : new Uint8Array(body),
  }).catch((error: unknown) => {
    throw new Error(`upload failed to send: ${String(error)}`);
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** GET of a picture address as a browser's <img> would, with a bearer token or a cookie header. */
export async function getPicture(
  t: TestApp,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(`${t.url}${path}`, { headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}
