import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import {
  browserPermission,
  notificationsSupported,
  PERMISSION_LABEL,
  type BrowserPermission,
} from '../../lib/browser-notifications';
import {
  NOTIFICATION_SETTING_LABELS,
  readNotificationSettings,
  writeNotificationSettings,
  type NotificationSettingKey,
} from '../../lib/notification-settings';
import { useToast } from '../toast/use-toast';
import { syncPushSubscription } from '../../lib/web-push';

const PERMISSION_COLOR: Record<BrowserPermission, 'default' | 'success' | 'error'> = {
  default: 'default',
  granted: 'success',
  denied: 'error',
  unsupported: 'default',
};

/** docs/product.md §2/§8: the browser permission, with the button that asks for it and its toasts. */
function BrowserPermissionRow() {
  const [permission, setPermission] = useState<BrowserPermission>(browserPermission);
  const [asking, setAsking] = useState(false);
  const toast = useToast();

  const enable = async () => {
    if (!notificationsSupported()) {
      toast({
        title: 'Notifications Not Supported',
        description: 'This browser cannot show notifications.',
        variant: 'destructive',
      });
      return;
    }
    setAsking(true);
    try {
      const result = await Notification.requestPermission();
      setPermission(result);
      if (result === 'granted') {
        void syncPushSubscription();
        toast({
          title: 'Notifications Enabled',
          description: 'You will be notified about your bets and friends.',
          variant: 'success',
        });
      } else {
        toast({
          title: 'Notifications Denied',
          description: 'To get notifications, enable them for this site in your browser settings.',
          variant: 'destructive',
        });
      }
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to enable notifications. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setAsking(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography>Browser permission</Typography>
        <Chip
          label={PERMISSION_LABEL[permission]}
          color={PERMISSION_COLOR[permission]}
          size="small"
          data-testid="notification-permission"
        />
      </Stack>
      {permission !== 'granted' && (
        <Button variant="contained" onClick={() => void enable()} disabled={asking}>
          Enable Browser Notifications
        </Button>
      )}
      {permission === 'denied' && (
        <Typography variant="body2" color="text.secondary">
          Notifications are blocked for this site. Allow them in your browser settings.
        </Typography>
      )}
    </Stack>
  );
}

/** The four switches of docs/product.md §3, stored on this device under `notification-settings`. */
function NotificationSwitches() {
  const [settings, setSettings] = useState(readNotificationSettings);
  const toggle = (key: NotificationSettingKey, value: boolean) => {
    const next = { ...settings, [key]: value };
    setSettings(next);
    writeNotificationSettings(next);
  };
  return (
    <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {NOTIFICATION_SETTING_LABELS.map(({ key, label, hint }) => (
        <Stack
          component="li"
          key={key}
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', py: 0.75 }}
        >
          <Box>
            <Typography component="label" htmlFor={`notification-setting-${key}`} sx={{ cursor: 'pointer' }}>
              {label}
            </Typography>
            <Typography id={`notification-hint-${key}`} variant="body2" color="text.secondary">
              {hint}
            </Typography>
          </Box>
          <Switch
            id={`notification-setting-${key}`}
            checked={settings[key]}
            onChange={(event) => toggle(key, event.target.checked)}
            slotProps={{ input: { 'aria-describedby': `notification-hint-${key}` } }}
          />
        </Stack>
      ))}
    </Stack>
  );
}

/** docs/product.md §2 Notification settings dialog, opened from the bell and from Account › Settings. */
export function NotificationSettingsDialog({
  open,
  onClose,
  pushNotifications,
}: {
  open: boolean;
  onClose: () => void;
  /** The account's push switch: when off, the browser shows nothing whatever is set here. */
  pushNotifications: boolean;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      slotProps={{
        paper: { sx: { mx: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)', sm: undefined } } },
      }}
    >
      <DialogTitle id={titleId}>Notification Settings</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <BrowserPermissionRow />
          {!pushNotifications && (
            <Alert severity="info">
              Push notifications are turned off for your account, so this browser shows none. Turn them on in
              Account › Settings.
            </Alert>
          )}
          <Box>
            <Typography variant="subtitle2" component="h3" color="text.secondary">
              Notify me about
            </Typography>
            <NotificationSwitches />
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
