import { Alert, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { useModerateMutation, type ModerationAction } from './admin-api';

type ModerationKind = ModerationAction['action'];
const MODERATION_KINDS: { value: ModerationKind; label: string }[] = [
  { value: 'warn', label: 'Warn' },
  { value: 'suspend', label: 'Suspend' },
  { value: 'unsuspend', label: 'Unsuspend' },
  { value: 'ban', label: 'Ban' },
  { value: 'unban', label: 'Unban' },
];
const isModerationKind = (value: string): value is ModerationKind =>
  MODERATION_KINDS.some((kind) => kind.value === value);

export function ModerationTab() {
  const [form, setForm] = useState<{
    userId: string;
    action: ModerationKind | '';
    duration: string;
    reason: string;
  }>({ userId: '', action: '', duration: '', reason: '' });
  const [moderate, { isLoading }] = useModerateMutation();
  const [error, setError] = useState<string | null>(null);
  const run = useMutationToast();
  const submit = async () => {
    const { action } = form;
    if (!form.userId.trim() || !action || !form.reason.trim())
      return setError('Please fill in all required fields');
    setError(null);
    const days = Number.parseInt(form.duration, 10);
    const done = await run(
      () =>
        moderate({
          userId: form.userId.trim(),
          action,
          reason: form.reason.trim(),
          ...(Number.isInteger(days) && days > 0 ? { duration: days } : {}),
        }).unwrap(),
      {
        success: {
          title: 'Moderation Action Applied',
          description: 'User moderation action has been successfully applied',
          variant: 'default',
        },
        failure: { title: 'Error', fallback: 'Failed to apply moderation action' },
      },
    );
    if (done.ok) setForm({ userId: '', action: '', duration: '', reason: '' });
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          User Moderation
        </Typography>
        <Stack spacing={2} sx={{ maxWidth: 480 }}>
          <TextField
            label="User ID"
            value={form.userId}
            onChange={(event) => setForm({ ...form, userId: event.target.value })}
          />
          <TextField
            select
            label="Action"
            value={form.action}
            onChange={(event) =>
              setForm({ ...form, action: isModerationKind(event.target.value) ? event.target.value : '' })
            }
          >
            {MODERATION_KINDS.map((kind) => (
              <MenuItem key={kind.value} value={kind.value}>
                {kind.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Duration (days, optional)"
            type="number"
            value={form.duration}
            onChange={(event) => setForm({ ...form, duration: event.target.value })}
          />
          <TextField
            label="Reason"
            multiline
            minRows={2}
            value={form.reason}
            onChange={(event) => setForm({ ...form, reason: event.target.value })}
          />
          {error && <Alert severity="error">{error}</Alert>}
          <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>
            {isLoading ? 'Processing...' : 'Apply Action'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
