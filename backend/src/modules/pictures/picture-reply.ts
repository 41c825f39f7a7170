import type { FastifyReply, FastifyRequest } from 'fastify';

/** A versioned address never changes its bytes; only the viewer's own browser may keep them (privacy). */
const CACHE_VERSIONED = 'private, max-age=31536000, immutable';
const CACHE_UNVERSIONED = 'private, no-cache';

/**
 * Sends a stored picture (profile or circle) with its version as ETag: a request naming the current
 * version may be cached for good, and a revalidation of an unchanged picture answers 304.
 */
export async function sendPicture(
  request: FastifyRequest,
  reply: FastifyReply,
  picture: { image: Buffer; contentType: string; version: string },
  requestedVersion: string | undefined,
): Promise<void> {
  const etag = `"${picture.version}"`;
  void reply
    .header('content-type', picture.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('etag', etag)
    .header('cache-control', requestedVersion === picture.version ? CACHE_VERSIONED : CACHE_UNVERSIONED);
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    await reply.status(304).send();
    return;
  }
  await reply.status(200).send(picture.image);
}

/** If-None-Match as browsers send it: one tag, a list, weak tags (W/"…") or "*". */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
