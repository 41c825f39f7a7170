import { Alert, Button, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { usePictureChoice } from '../../components/use-picture-choice';
import { PICTURE_PROBLEMS } from '../../lib/picture';
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
  const { open, fileInput, preparing, problem, setProblem, problemId } = usePictureChoice(async (image) => {
    setPreview(URL.createObjectURL(image));
    try {
      await onPicked(image);
      return null;
    } catch {
      setPreview(null);
      return PICTURE_PROBLEMS.encodeFailed;
    }
  }, 'Choose the circle’s picture');
  // Blob addresses hold the image in memory until revoked.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <CircleAvatar pictureUrl={preview ?? pictureUrl} size={56} />
        <Button
          variant="outlined"
          disabled={busy || preparing}
          onClick={open}
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
        {fileInput}
      </Stack>
      {problem && (
        <Alert severity="error" id={problemId} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
