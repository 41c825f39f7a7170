import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { BadRequestError, PayloadTooLargeError } from '../../common/errors/domain-error.js';

/** The most an upload may weigh: the browser sends ~20 kB, so this only stops abuse. */
export const PICTURE_MAX_BYTES = 512 * 1024;
/** The widest and tallest an uploaded picture may be; checked from its header before any decoding. */
export const PICTURE_MAX_SIDE = 4096;
/** What we store and serve: a square WebP of at most this many pixels a side. */
export const PICTURE_SIDE = 256;
/** The content types an upload may be sent as; the bytes themselves decide what it really is. */
export const PICTURE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);

export const PICTURE_MESSAGES = {
  empty: 'No picture was sent. Choose a JPEG, PNG or WebP image.',
  unreadable: 'This file is not a picture we can use. Choose a JPEG, PNG or WebP image.',
  tooLarge: 'The picture is larger than 512 kB. Choose a smaller image.',
  tooManyPixels: `The picture is larger than ${PICTURE_MAX_SIDE} × ${PICTURE_MAX_SIDE} pixels. Choose a smaller image.`,
} as const;

export interface NormalisedPicture {
  image: Buffer;
  contentType: 'image/webp';
  /** The first 16 hex digits of the SHA-256 of `image`. */
  version: string;
  width: number;
  height: number;
}

/**
 * Turns uploaded bytes into the picture we keep: the type is read from the bytes (never from the file
 * name or Content-Type), the size and dimensions are capped before decoding, and the result is a fresh
 * WebP, centre-cropped square, turned upright by its EXIF orientation and carrying no metadata at all
 * (EXIF, GPS, XMP, ICC: sharp writes none unless asked), so nothing of the original file is served.
 */
export async function normalisePicture(bytes: Buffer): Promise<NormalisedPicture> {
  if (bytes.length === 0) throw new BadRequestError(PICTURE_MESSAGES.empty, 'picture_missing');
  if (bytes.length > PICTURE_MAX_BYTES) {
    throw new PayloadTooLargeError(PICTURE_MESSAGES.tooLarge, 'picture_too_large');
  }
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  if (!ACCEPTED_FORMATS.has(metadata.format)) throw unreadable();
  const { width, height } = metadata;
  if (!width || !height) throw unreadable();
  if (width > PICTURE_MAX_SIDE || height > PICTURE_MAX_SIDE) {
    throw new BadRequestError(PICTURE_MESSAGES.tooManyPixels, 'picture_too_many_pixels');
  }
  const side = Math.min(PICTURE_SIDE, width, height);
  try {
    const { data, info } = await sharp(bytes, {
      failOn: 'error',
      limitInputPixels: PICTURE_MAX_SIDE * PICTURE_MAX_SIDE,
      // An animated WebP or PNG keeps only its first frame.
      pages: 1,
    })
      .rotate()
      .resize(side, side, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return {
      image: data,
      contentType: 'image/webp',
      version: createHash('sha256').update(data).digest('hex').slice(0, 16),
      width: info.width,
      height: info.height,
    };
  } catch {
    // A header that parses over a body that does not (truncated or damaged data).
    throw unreadable();
  }
}

const unreadable = () => new BadRequestError(PICTURE_MESSAGES.unreadable, 'picture_unreadable');
