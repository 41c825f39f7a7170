import { useId, useRef, useState, type ChangeEvent } from 'react';
import { PICTURE_PROBLEMS, PictureProblem, preparePicture } from '../lib/picture';

/**
 * Choosing a picture from the device (a profile's, a circle's): a hidden file input opened by the screen's own
 * button, the file prepared by lib/picture (a small centred square), then handed to `onPrepared` (preview,
 * upload). A file we cannot use becomes `problem`, in words the person can act on; so does what `onPrepared`
 * answers when it answers a problem of its own (an upload that failed).
 */
export function usePictureChoice(
  onPrepared: (image: Blob) => Promise<string | null> | string | null,
  inputLabel: string,
) {
  const input = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing a problem) fires again.
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    setPreparing(true);
    let image: Blob;
    try {
      image = await preparePicture(file);
    } catch (error) {
      setProblem(error instanceof PictureProblem ? error.message : PICTURE_PROBLEMS.notAnImage);
      return;
    } finally {
      setPreparing(false);
    }
    setProblem(await onPrepared(image));
  };

  const fileInput = (
    <input
      ref={input}
      hidden
      type="file"
      accept="image/*"
      aria-label={inputLabel}
      onChange={(event) => void choose(event)}
    />
  );
  return { open: () => input.current?.click(), fileInput, preparing, problem, setProblem, problemId };
}
