import { Button, Card, CardContent, CardHeader, Stack } from '@mui/material';
import { useState } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { NotificationSettingsDialog } from '../../components/notification-settings/NotificationSettingsDialog';
import { useToast } from '../../components/toast/use-toast';
import { storedToken } from '../../lib/auth-storage';
import { logout } from '../../session/logout';
import type { User } from '../../session/types';
import { NotificationSettingsCard, PrivacySettingsCard } from './SettingsCards';
import { TwoFactorSection } from './TwoFactorSection';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { DeleteAccountDialog } from './DeleteAccountDialog';

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
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [notificationSettingsOpen, setNotificationSettingsOpen] = useState(false);
  const dispatch = useAppDispatch();
  const toast = useToast();

  return (
    <Stack spacing={2}>
      {/* First, not under Delete Account at the end: signing out is what most people come here for. */}
      <Card>
        <CardHeader
          title="Signed in"
          subheader={user.email}
          slotProps={{ subheader: { sx: { overflowWrap: 'anywhere' } } }}
        />
        <CardContent sx={{ pt: 0 }}>
          <Button variant="contained" onClick={() => logout(dispatch)}>
            Sign Out
          </Button>
        </CardContent>
      </Card>
      <NotificationSettingsCard user={user} onConfigure={() => setNotificationSettingsOpen(true)} />
      <PrivacySettingsCard user={user} />
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
