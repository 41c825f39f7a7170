import { Alert, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { useAdjustBalanceMutation } from './admin-api';

export function BalanceTab({ prefill }: { prefill: string }) {
  const [form, setForm] = useState({
    userId: prefill,
    amount: '',
    type: 'deposit' as 'deposit' | 'withdrawal',
    reason: '',
  });
  const [adjust, { isLoading }] = useAdjustBalanceMutation();
  const [error, setError] = useState<string | null>(null);
  const run = useMutationToast();
  const submit = async () => {
    if (!form.userId.trim() || !form.amount || !form.reason.trim())
      return setError('Please fill in all required fields');
    if (!(Number(form.amount) > 0)) return setError('Amount must be a positive number');
    setError(null);
    const done = await run(
      () =>
        adjust({
          userId: form.userId.trim(),
          amount: form.amount,
          reason: form.reason.trim(),
          type: form.type,
        }).unwrap(),
      {
        success: {
          title: 'Balance Adjusted',
          description: 'User balance has been successfully adjusted',
          variant: 'default',
        },
        failure: { title: 'Error', fallback: 'Failed to adjust balance' },
      },
    );
    if (done.ok) setForm({ userId: '', amount: '', type: 'deposit', reason: '' });
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          Balance Adjustment
        </Typography>
        <Stack spacing={2} sx={{ maxWidth: 480 }}>
          <TextField
            label="User ID or Username"
            value={form.userId}
            onChange={(event) => setForm({ ...form, userId: event.target.value })}
          />
          <TextField
            label="Amount"
            type="number"
            slotProps={{ htmlInput: { step: 0.01, min: 0.01 } }}
            value={form.amount}
            onChange={(event) => setForm({ ...form, amount: event.target.value })}
          />
          <TextField
            select
            label="Type"
            value={form.type}
            onChange={(event) => setForm({ ...form, type: event.target.value as 'deposit' | 'withdrawal' })}
          >
            <MenuItem value="deposit">Deposit</MenuItem>
            <MenuItem value="withdrawal">Withdrawal</MenuItem>
          </TextField>
          <TextField
            label="Reason"
            multiline
            minRows={2}
            value={form.reason}
            onChange={(event) => setForm({ ...form, reason: event.target.value })}
          />
          {error && <Alert severity="error">{error}</Alert>}
          <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>
            {isLoading ? 'Processing...' : 'Apply Adjustment'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
