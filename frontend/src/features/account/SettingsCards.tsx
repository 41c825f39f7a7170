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
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import type { User, Visibility } from '../../session/types';
import {
  useSettingsControllerNotificationsMutation,
  useSettingsControllerPrivacyMutation,
} from '../../api/enhanced-api';

const VISIBILITY: { value: Visibility; label: string }[] = [
  { value: 'public', label: 'Everyone' },
  { value: 'friends', label: 'Friends only' },
  { value: 'private', label: 'Only me' },
];

/** Email and push switches, saved as they are flipped, and the way to this device's browser settings. */
export function NotificationSettingsCard({ user, onConfigure }: { user: User; onConfigure: () => void }) {
  const [updateNotifications] = useSettingsControllerNotificationsMutation();
  const run = useMutationToast();
  const toggle = async (field: 'emailNotifications' | 'pushNotifications', value: boolean) => {
    await run(() => updateNotifications({ [field]: value }).unwrap(), {
      success: { title: 'Settings updated' },
      failure: { title: 'Update failed', fallback: 'Please try again.' },
    });
  };
  return (
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
              onClick={onConfigure}
              sx={{ flexShrink: 0 }}
            >
              Configure
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Who sees the profile, the activity and the balance, each saved as it is chosen. */
export function PrivacySettingsCard({ user }: { user: User }) {
  const [updatePrivacy] = useSettingsControllerPrivacyMutation();
  const run = useMutationToast();
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
  );
}
