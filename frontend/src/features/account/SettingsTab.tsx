import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { NotificationSettingsDialog } from '../../components/notification-settings/NotificationSettingsDialog';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { useToast } from '../../components/toast/use-toast';
import { storeAuth, storedToken } from '../../lib/auth-storage';
import { logout } from '../auth/logout';
import type { User, Visibility } from '../auth/types';
import {
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useSetupTwoFactorMutation,
  useUpdateNotificationsMutation,
  useUpdatePrivacyMutation,
} from './account-api';

const VISIBILITY: { value: Visibility; label: string }[] = [
  { value: 'public', label: 'Everyone' },
  { value: 'friends', label: 'Friends only' },
  { value: 'private', label: 'Only me' },
];

function TwoFactorSection({ user }: { user: User }) {
  const [setup, setupState] = useSetupTwoFactorMutation();
  const [enable, enableState] = useEnableTwoFactorMutation();
  const [disable, disableState] = useDisableTwoFactorMutation();
  const [enrolment, setEnrolment] = useState<{ secret: string; qrCodeDataUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const [disabling, setDisabling] = useState(false);
  const run = useMutationToast();

  const start = async () => {
    const enrolling = await run(() => setup().unwrap(), { failure: { title: 'Failed to enable 2FA' } });
    if (!enrolling.ok) return;
    setEnrolment(enrolling.value);
    setCode('');
  };
  const confirmEnable = async () => {
    if (!enrolment) return;
    const done = await run(() => enable({ secret: enrolment.secret, token: code.trim() }).unwrap(), {
      success: { title: '2FA enabled' },
      failure: { title: 'Failed to enable 2FA' },
    });
    if (done.ok) setEnrolment(null);
  };
  const confirmDisable = async () => {
    const done = await run(() => disable({ token: code.trim() }).unwrap(), {
      success: { title: '2FA disabled' },
      failure: { title: 'Failed to disable 2FA' },
    });
    if (done.ok) setDisabling(false);
  };

  return (
    <Card>
      <CardHeader title="Security Settings" subheader="Two-factor authentication" />
      <CardContent>
        {user.twoFactorEnabled ? (
          <Stack spacing={2}>
            <Alert severity="success">Two-factor sign-in is on.</Alert>
            {disabling ? (
              <Stack spacing={1}>
                <TextField
                  label="Code from your authenticator"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                />
                <Stack direction="row" spacing={1}>
                  <Button onClick={() => setDisabling(false)}>Cancel</Button>
                  <Button
                    color="error"
                    variant="contained"
                    disabled={disableState.isLoading}
                    onClick={() => void confirmDisable()}
                  >
                    Disable 2FA
                  </Button>
                </Stack>
              </Stack>
            ) : (
              <Button
                variant="outlined"
                color="error"
                onClick={() => {
                  setCode('');
                  setDisabling(true);
                }}
                sx={{ alignSelf: 'flex-start' }}
              >
                Disable Two-Factor Authentication
              </Button>
            )}
          </Stack>
        ) : enrolment ? (
          <Stack spacing={2}>
            <Typography>
              Scan this QR code with your authenticator app, or type the secret, then enter the 6-digit code.
            </Typography>
            <Box
              component="img"
              src={enrolment.qrCodeDataUrl}
              alt="QR code for your authenticator app"
              sx={{ width: 200, height: 200 }}
            />
            <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="totp-secret">
              {enrolment.secret}
            </Typography>
            <TextField
              label="6-digit code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            />
            <Stack direction="row" spacing={1}>
              <Button onClick={() => setEnrolment(null)}>Cancel</Button>
              <Button
                variant="contained"
                disabled={enableState.isLoading || code.trim().length !== 6}
                onClick={() => void confirmEnable()}
              >
                Confirm and Enable
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Button variant="contained" onClick={() => void start()} disabled={setupState.isLoading}>
            Enable Two-Factor Authentication
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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

function DeleteAccountDialog({
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

async function downloadExport(): Promise<void> {
  const token = storedToken();
  const response = await fetch('/api/settings/export', {
    credentials: 'include',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'betwixt-export.json';
  link.click();
  URL.revokeObjectURL(url);
}

/** docs/product.md §2 Settings tab, variant B, all of it working. */
export function SettingsTab({ user }: { user: User }) {
  const [updateNotifications] = useUpdateNotificationsMutation();
  const [updatePrivacy] = useUpdatePrivacyMutation();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [notificationSettingsOpen, setNotificationSettingsOpen] = useState(false);
  const dispatch = useAppDispatch();
  const toast = useToast();
  const run = useMutationToast();

  const toggle = async (field: 'emailNotifications' | 'pushNotifications', value: boolean) => {
    await run(() => updateNotifications({ [field]: value }).unwrap(), {
      success: { title: 'Settings updated' },
      failure: { title: 'Update failed', fallback: 'Please try again.' },
    });
  };
  const privacy = async (
    field: 'profileVisibility' | 'activityVisibility' | 'balanceVisibility',
    value: Visibility,
  ) => {
    await run(() => updatePrivacy({ [field]: value }).unwrap(), {
      success: { title: 'Privacy settings updated' },
      failure: { title: 'Update failed', fallback: 'Please try again.' },
    });
  };

  return (
    <Stack spacing={2}>
      <Card>
        <CardHeader title="Notification Settings" />
        <CardContent>
          <Stack>
            <FormControlLabel
              control={
                <Switch
                  checked={user.emailNotifications}
                  onChange={(event) => void toggle('emailNotifications', event.target.checked)}
                />
              }
              label="Email notifications"
            />
            <FormControlLabel
              control={
                <Switch
                  checked={user.pushNotifications}
                  onChange={(event) => void toggle('pushNotifications', event.target.checked)}
                />
              }
              label="Push notifications"
            />
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', justifyContent: 'space-between', pt: 1 }}
            >
              <Box>
                <Typography>Browser notifications</Typography>
                <Typography variant="body2" color="text.secondary">
                  Which ones this device shows, and the browser permission
                </Typography>
              </Box>
              <Button
                variant="outlined"
                aria-label="Configure notification settings"
                onClick={() => setNotificationSettingsOpen(true)}
                sx={{ flexShrink: 0 }}
              >
                Configure
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardHeader title="Privacy Settings" />
        <CardContent>
          <Stack spacing={2}>
            {(
              [
                ['profileVisibility', 'Who can see my profile'],
                ['activityVisibility', 'Who can see my activity'],
                ['balanceVisibility', 'Who can see my balance'],
              ] as const
            ).map(([field, label]) => (
              <TextField
                key={field}
                select
                label={label}
                value={user.privacySettings[field]}
                onChange={(event) => void privacy(field, event.target.value as Visibility)}
              >
                {VISIBILITY.map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Stack>
        </CardContent>
      </Card>
      <TwoFactorSection user={user} />
      <Card>
        <CardHeader title="Account Actions" />
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              onClick={() =>
                void downloadExport().catch((error: unknown) =>
                  toast({
                    title: 'Error',
                    description: error instanceof Error ? error.message : 'Export failed',
                    variant: 'destructive',
                  }),
                )
              }
            >
              Export Data
            </Button>
            <Button
              variant="outlined"
              onClick={() => setPasswordOpen(true)}
              disabled={user.authProvider !== 'manual'}
            >
              Change Password
            </Button>
            <Button variant="outlined" color="error" onClick={() => setDeleteOpen(true)}>
              Delete Account
            </Button>
            <Button variant="contained" onClick={() => logout(dispatch)}>
              Sign Out
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <NotificationSettingsDialog
        open={notificationSettingsOpen}
        onClose={() => setNotificationSettingsOpen(false)}
        pushNotifications={user.pushNotifications}
      />
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <DeleteAccountDialog
        open={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        needsPassword={user.authProvider === 'manual'}
      />
    </Stack>
  );
}
