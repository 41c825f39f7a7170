import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { storeAuth, storedToken } from '../../lib/auth-storage';
import { useChangePasswordMutation } from './account-api';

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [change, { isLoading }] = useChangePasswordMutation();
  const run = useMutationToast();
  const submit = async () => {
    const changed = await run(() => change({ currentPassword: current, newPassword: next }).unwrap(), {
      success: { title: 'Password changed', description: 'Other devices have been signed out.' },
      failure: { title: 'Update failed', fallback: 'Please try again.' },
    });
    if (!changed.ok) return;
    // Every older session was signed out; keep this one with the new token.
    if (storedToken()) storeAuth(changed.value.token, changed.value.user);
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Change Password</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            type="password"
            label="Current password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            autoComplete="current-password"
          />
          <TextField
            type="password"
            label="New password"
            value={next}
            onChange={(event) => setNext(event.target.value)}
            autoComplete="new-password"
            helperText="At least 8 characters with uppercase, lowercase, a number and one of @$!%*?&"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={isLoading || !current || !next} onClick={() => void submit()}>
          Change Password
        </Button>
      </DialogActions>
    </Dialog>
  );
}
