import { Alert, Avatar, Box, Button, CircularProgress, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { initials } from '../../lib/initials';
import { useToast } from '../../components/toast/use-toast';
import { serverMessage } from '../../lib/errors';
import { usePictureChoice } from '../../components/use-picture-choice';
import type { User } from '../../session/types';
import {
  useProfilePicturesControllerRemoveMutation,
  useProfilePicturesControllerUploadMutation,
} from '../../api/enhanced-api';

const UPLOAD_FAILED = 'The picture could not be uploaded. Check your connection and try again.';

/** The avatar of the profile card: the picture (or initials) and, while editing, change and remove. */
export function ProfilePictureControl({ user, editing }: { user: User; editing: boolean }) {
  const [upload, { isLoading: uploading }] = useProfilePicturesControllerUploadMutation();
  const [remove, { isLoading: removing }] = useProfilePicturesControllerRemoveMutation();
  /** The picture being uploaded, shown until the address it replaces changes (no flash of the old one). */
  const [preview, setPreview] = useState<{ src: string; replacing: string | null } | null>(null);
  const toast = useToast();
  const { open, fileInput, preparing, problem, setProblem, problemId } = usePictureChoice(async (image) => {
    setPreview({ src: URL.createObjectURL(image), replacing: user.profileImageUrl });
    try {
      const updated = await upload(image).unwrap();
      // The same picture again keeps its address: nothing will replace the preview, so drop it now.
      if (updated.profileImageUrl === user.profileImageUrl) setPreview(null);
      toast({ title: 'Profile picture updated', variant: 'success' });
      return null;
    } catch (error) {
      setPreview(null);
      return serverMessage(error, UPLOAD_FAILED);
    }
  }, 'Choose a profile picture');
  const busy = preparing || uploading || removing;

  const previewSrc = preview && preview.replacing === user.profileImageUrl ? preview.src : null;
  // Blob addresses hold the image in memory until revoked.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.src) : undefined), [preview]);

  const removePicture = async () => {
    setProblem(null);
    try {
      await remove().unwrap();
      toast({ title: 'Profile picture removed', variant: 'success' });
    } catch (error) {
      setProblem(serverMessage(error, 'The picture could not be removed. Please try again.'));
    }
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ position: 'relative' }} aria-busy={busy}>
        <Avatar
          src={previewSrc ?? user.profileImageUrl ?? undefined}
          alt="Your profile picture"
          sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 28 }}
        >
          {initials(user)}
        </Avatar>
        {busy && (
          <CircularProgress
            size={80}
            aria-label={removing ? 'Removing picture' : 'Uploading picture'}
            sx={{ position: 'absolute', top: -4, left: -4 }}
          />
        )}
      </Box>
      {editing && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            onClick={open}
            disabled={busy}
            aria-describedby={problem ? problemId : undefined}
            sx={{ minHeight: 44 }}
          >
            {preparing || uploading ? 'Uploading...' : 'Change picture'}
          </Button>
          {user.profileImageUrl && (
            <Button
              color="inherit"
              onClick={() => void removePicture()}
              disabled={busy}
              sx={{ minHeight: 44 }}
            >
              Remove picture
            </Button>
          )}
          {fileInput}
        </Stack>
      )}
      {problem && (
        <Alert severity="error" id={problemId} onClose={() => setProblem(null)} sx={{ maxWidth: 420 }}>
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
