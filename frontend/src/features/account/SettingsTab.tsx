import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { NotificationSettingsDialog } from '../../components/notification-settings/NotificationSettingsDialog';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { useToast } from '../../components/toast/use-toast';
import { storedToken } from '../../lib/auth-storage';
import { logout } from '../../session/logout';
import type { User, Visibility } from '../../session/types';
import { useUpdateNotificationsMutation, useUpdatePrivacyMutation } from './account-api';
import { TwoFactorSection } from './TwoFactorSection';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { DeleteAccountDialog } from './DeleteAccountDialog';

const VISIBILITY: { value: Visibility; label: string }[] = [
  { value: 'public', label: 'Everyone' },
  { value: 'friends', label: 'Friends only' },
  { value: 'private', label: 'Only me' },
];

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
