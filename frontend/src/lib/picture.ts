/**
 * Profile pictures are shrunk in the browser before upload (docs/product.md "Profile pictures"): a
 * centre-cropped square of at most 256 px, re-encoded as WebP (JPEG where the browser cannot encode WebP).
 * The server checks and re-encodes again; this keeps uploads to a few kilobytes and gives early answers.
 */

/** The largest file we try to decode; bigger photos are refused before any work, with a clear message. */
export const PICTURE_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** The side of the square that is uploaded. */
export const PICTURE_UPLOAD_SIDE = 256;

export const PICTURE_PROBLEMS = {
  notAnImage: 'This file is not a picture we can use. Choose a JPEG, PNG or WebP image.',
  tooLarge: (bytes: number) =>
    `This image is ${megabytes(bytes)} MB; the limit is 5 MB. Choose a smaller image or take a screenshot of it.`,
  encodeFailed: 'Your browser could not prepare this picture. Try another image.',
} as const;

/** A problem with the chosen file that the person can fix by choosing another. */
export class PictureProblem extends Error {}

function megabytes(bytes: number): string {
  return (Math.floor((bytes / (1024 * 1024)) * 10) / 10).toFixed(1);
}

/** Where to cut the largest centred square out of a width × height image, and how big to draw it. */
export function squareCrop(width: number, height: number, maxSide = PICTURE_UPLOAD_SIDE) {
  const crop = Math.min(width, height);
  return {
    sx: Math.floor((width - crop) / 2),
    sy: Math.floor((height - crop) / 2),
    crop,
    side: Math.min(maxSide, crop),
  };
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.85));
}

/** The chosen file as the small square image we upload, or a PictureProblem saying what to do. */
export async function preparePicture(file: File): Promise<Blob> {
  if (file.size > PICTURE_FILE_MAX_BYTES) throw new PictureProblem(PICTURE_PROBLEMS.tooLarge(file.size));
  let bitmap: ImageBitmap;
  try {
    // The bytes decide, not the name: a text file renamed .png fails here.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PictureProblem(PICTURE_PROBLEMS.notAnImage);
  }
  try {
    const { sx, sy, crop, side } = squareCrop(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext('2d');
    if (!context) throw new PictureProblem(PICTURE_PROBLEMS.encodeFailed);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, sx, sy, crop, crop, 0, 0, side, side);
    // A browser that cannot write WebP hands back PNG instead; JPEG is smaller then.
    const webp = await encode(canvas, 'image/webp');
    const blob = webp?.type === 'image/webp' ? webp : await encode(canvas, 'image/jpeg');
    if (!blob) throw new PictureProblem(PICTURE_PROBLEMS.encodeFailed);
    return blob;
  } finally {
    bitmap.close();
  }
}
