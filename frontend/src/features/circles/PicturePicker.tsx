import { Alert, Button, Stack } from '@mui/material';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { PICTURE_PROBLEMS, PictureProblem, preparePicture } from '../../lib/picture';
import { CircleAvatar } from './CircleAvatar';

/**
 * Choosing a circle's picture, prepared in the browser exactly as profile pictures are (lib/picture: a small
 * centred square); `onPicked` gets the image to upload. `pictureUrl` is what the circle shows now.
 */
export function PicturePicker({
  pictureUrl,
  busy = false,
  onPicked,
  onRemove,
}: {
  pictureUrl: string | null;
  busy?: boolean;
  onPicked: (image: Blob) => void | Promise<void>;
  onRemove?: () => void | Promise<void>;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const problemId = useId();
  // Blob addresses hold the image in memory until revoked.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing a problem) fires again.
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    setPreparing(true);
    try {
      const image = await preparePicture(file);
      setPreview(URL.createObjectURL(image));
      await onPicked(image);
    } catch (error) {
      setPreview(null);
      setProblem(error instanceof PictureProblem ? error.message : PICTURE_PROBLEMS.notAnImage);
    } finally {
      setPreparing(false);
    }
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <CircleAvatar pictureUrl={preview ?? pictureUrl} size={56} />
        <Button
          variant="outlined"
          disabled={busy || preparing}
          onClick={() => input.current?.click()}
          aria-describedby={problem ? problemId : undefined}
          sx={{ minHeight: 44 }}
        >
          {preparing ? 'Preparing…' : pictureUrl || preview ? 'Change picture' : 'Add a picture'}
        </Button>
        {onRemove && pictureUrl && (
          <Button
            color="inherit"
            disabled={busy || preparing}
            onClick={() => {
              setPreview(null);
              void onRemove();
            }}
            sx={{ minHeight: 44 }}
          >
            Remove picture
          </Button>
        )}
        <input
          ref={input}
          hidden
          type="file"
          accept="image/*"
          aria-label="Choose the circle’s picture"
          onChange={(event) => void choose(event)}
        />
      </Stack>
      {problem && (
        <Alert severity="error" id={problemId} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
