import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { logout } from '../../session/logout';
import { useDeleteAccountMutation } from './account-api';

export function DeleteAccountDialog({
  open,
  onClose,
  needsPassword,
}: {
  open: boolean;
  onClose: () => void;
  needsPassword: boolean;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [remove, { isLoading }] = useDeleteAccountMutation();
  const dispatch = useAppDispatch();
  const run = useMutationToast();
  const submit = async () => {
    const done = await run(
      () => remove({ confirm: 'DELETE', ...(needsPassword ? { password } : {}) }).unwrap(),
      {
        failure: { title: 'Error', fallback: 'Failed to delete account' },
      },
    );
    if (done.ok) logout(dispatch);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Delete Account</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">
            Your open bets are cancelled and every stake refunded, your personal data is removed, and you are
            signed out everywhere. This cannot be undone.
          </Alert>
          {needsPassword && (
            <TextField
              type="password"
              label="Password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
          <TextField
            label='Type "DELETE" to confirm'
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={isLoading || confirm !== 'DELETE' || (needsPassword && !password)}
          onClick={() => void submit()}
        >
          Delete Account
        </Button>
      </DialogActions>
    </Dialog>
  );
}
