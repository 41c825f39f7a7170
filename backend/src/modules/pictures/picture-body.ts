import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../../common/errors/domain-error.js';
import { PICTURE_CONTENT_TYPES, PICTURE_MAX_BYTES, PICTURE_MESSAGES } from './picture-image.js';

/** The routes that take image bytes as their body: one's profile picture, a circle's picture. */
export const PICTURE_UPLOAD_ROUTES: ReadonlySet<string> = new Set([
  '/api/users/me/picture',
  '/api/circles/:id/picture',
]);

export const PICTURE_CONTENT_TYPE_MESSAGE = `Send the picture itself as the body, with Content-Type ${PICTURE_CONTENT_TYPES.join(', ')}.`;

/**
 * Raw image bodies for the picture uploads only (PICTURE_UPLOAD_ROUTES), up to 512 kB (the app-wide limit stays 256 kB for
 * JSON): the bytes arrive as a Buffer for the service to sniff. Any other route sent an image body
 * answers 415, and a body over the limit is refused as soon as it is known to be too large (from its
 * Content-Length, or while it streams in) with a message the person can act on.
 */
export function acceptPictureBodies(fastify: FastifyInstance): void {
  fastify.addContentTypeParser([...PICTURE_CONTENT_TYPES], (request: FastifyRequest, payload, done) => {
    // No route here at all: the answer is the usual 404, whatever the body.
    if (request.is404) {
      payload.resume();
      done(null, undefined);
      return;
    }
    if (request.method !== 'PUT' || !PICTURE_UPLOAD_ROUTES.has(request.routeOptions.url ?? '')) {
      done(new UnsupportedMediaTypeError('This address does not take an image body'), undefined);
      return;
    }
    const tooLarge = () => new PayloadTooLargeError(PICTURE_MESSAGES.tooLarge, 'picture_too_large');
    if (Number(request.headers['content-length']) > PICTURE_MAX_BYTES) {
      done(tooLarge(), undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (error: Error | null, body?: Buffer) => {
      if (settled) return;
      settled = true;
      done(error, body);
    };
    payload.on('data', (chunk: Buffer) => {
      if (settled) return;
      received += chunk.length;
      if (received > PICTURE_MAX_BYTES) {
        chunks.length = 0;
        settle(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => settle(null, Buffer.concat(chunks)));
    payload.on('error', (error) => settle(error));
  });
}
