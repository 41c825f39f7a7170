import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { formatMoney } from '../../lib/money';
import { formatDate } from '../../lib/time';
import type { User } from '../../session/types';
import { isUsState, US_STATES } from '../../lib/us-states';
import { useUpdateProfileMutation } from './account-api';
import { ProfilePictureControl } from './ProfilePictureControl';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value || 'Not set'}</Typography>
    </Box>
  );
}

export function ProfileTab({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ firstName: '', lastName: '', phoneNumber: '', state: '' });
  const [update, { isLoading }] = useUpdateProfileMutation();
  const run = useMutationToast();

  const startEdit = () => {
    setDraft({
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      phoneNumber: user.phoneNumber ?? '',
      state: user.state ?? '',
    });
    setEditing(true);
  };
  const save = async () => {
    const done = await run(
      () =>
        update({
          firstName: draft.firstName.trim(),
          lastName: draft.lastName.trim(),
          phoneNumber: draft.phoneNumber.trim(),
          state: isUsState(draft.state) ? draft.state : undefined,
        }).unwrap(),
      {
        success: { title: 'Profile updated' },
        failure: { title: 'Update failed', fallback: 'Please try again.' },
      },
    );
    if (done.ok) setEditing(false);
  };
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');

  return (
    <Card>
      <CardHeader
        title="Profile Information"
        action={
          editing ? (
            <Stack direction="row" spacing={1}>
              <Button onClick={() => setEditing(false)} disabled={isLoading}>
                Cancel
              </Button>
              <Button variant="contained" onClick={() => void save()} disabled={isLoading}>
                {isLoading ? 'Saving...' : 'Save'}
              </Button>
            </Stack>
          ) : (
            <Button variant="outlined" onClick={startEdit}>
              Edit Profile
            </Button>
          )
        }
        sx={{ flexWrap: 'wrap', gap: 1 }}
      />
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, mb: 3 }}
        >
          <ProfilePictureControl user={user} editing={editing} />
          <Box>
            <Typography variant="h6">{fullName || user.username}</Typography>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
              <Chip label={`Balance: $${formatMoney(user.balance ?? '0.00')}`} />
              <Chip label={`Member since ${formatDate(user.createdAt)}`} variant="outlined" />
            </Stack>
          </Box>
        </Stack>
        {editing ? (
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                fullWidth
                label="First Name"
                value={draft.firstName}
                onChange={(event) => setDraft({ ...draft, firstName: event.target.value })}
              />
              <TextField
                fullWidth
                label="Last Name"
                value={draft.lastName}
                onChange={(event) => setDraft({ ...draft, lastName: event.target.value })}
              />
            </Stack>
            <TextField label="Email" value={user.email} disabled helperText="Email cannot be changed" />
            <TextField
              label="Phone"
              value={draft.phoneNumber}
              onChange={(event) => setDraft({ ...draft, phoneNumber: event.target.value })}
            />
            <TextField
              select
              label="Location"
              value={draft.state}
              onChange={(event) => setDraft({ ...draft, state: event.target.value })}
            >
              {US_STATES.map((state) => (
                <MenuItem key={state} value={state}>
                  {state}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <Field label="First Name" value={user.firstName} />
            <Field label="Last Name" value={user.lastName} />
            <Field label="Email" value={user.email} />
            <Field label="Phone" value={user.phoneNumber} />
            <Field label="Location" value={user.state} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
