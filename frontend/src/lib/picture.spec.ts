import { PICTURE_FILE_MAX_BYTES, PictureProblem, preparePicture, squareCrop } from './picture';

describe('squareCrop', () => {
  it('cuts the centred square of a landscape or portrait image and draws it at most 256 px', () => {
    expect(squareCrop(4000, 3000)).toEqual({ sx: 500, sy: 0, crop: 3000, side: 256 });
    expect(squareCrop(300, 901)).toEqual({ sx: 0, sy: 300, crop: 300, side: 256 });
  });

  it('never enlarges a small image', () => {
    expect(squareCrop(64, 100)).toEqual({ sx: 0, sy: 18, crop: 64, side: 64 });
  });
});

describe('preparePicture', () => {
  it('refuses a file over 5 MB before decoding it, saying how big it is and what to do', async () => {
    const file = new File([new Uint8Array(PICTURE_FILE_MAX_BYTES + 300 * 1024)], 'big.jpg', {
      type: 'image/jpeg',
    });
    const attempt = preparePicture(file);
    await expect(attempt).rejects.toBeInstanceOf(PictureProblem);
    await expect(attempt).rejects.toThrow(
      'This image is 5.2 MB; the limit is 5 MB. Choose a smaller image or take a screenshot of it.',
    );
  });
});
