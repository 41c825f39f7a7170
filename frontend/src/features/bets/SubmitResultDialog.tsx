import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { useToast } from '../../components/toast/use-toast';
import { useSubmitResultMutation } from './bets-api';
import type { Bet } from './types';

const NO_CLEAR_OUTCOME = 'NO_CLEAR_OUTCOME';

/**
 * docs/product.md §2 "Submit Bet Result" (second variant): pick one of the bet's outcomes or no clear outcome.
 * Opened by the `openBetResult` window event; read-only once the bet has a final result.
 */
export function SubmitResultDialog({ bet, onClose }: { bet: Bet; onClose: () => void }) {
  const [result, setResult] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submit, { isLoading }] = useSubmitResultMutation();
  const toast = useToast();
  const run = useMutationToast();
  const decided = Boolean(bet.finalResult);

  const send = async () => {
    if (!result) return setError('Please select a result');
    const response = await run(() => submit({ id: bet.id, result, confirmed: false }).unwrap(), {
      failure: { title: 'Failed to Submit Result', fallback: '' },
    });
    if (!response.ok) return;
    if (response.value.needsConfirmation) {
      setError(
        `The other side reported ${response.value.conflictingOutcome ?? 'a different result'}. Use Submit Outcome on the bet to confirm a dispute.`,
      );
      return;
    }
    toast({ title: 'Result Submitted!' });
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="result-title">
      <DialogTitle id="result-title">Submit Bet Result</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{bet.title}</Typography>
          <TextField
            select
            label="Result"
            value={decided ? (bet.finalResult ?? '') : result}
            disabled={decided}
            onChange={(event) => {
              setResult(event.target.value);
              setError(null);
            }}
          >
            {bet.outcomes.map((outcome) => (
              <MenuItem key={outcome} value={outcome}>
                {outcome}
              </MenuItem>
            ))}
            <MenuItem value={NO_CLEAR_OUTCOME}>No clear outcome</MenuItem>
            {decided && bet.finalResult && !bet.outcomes.includes(bet.finalResult) && (
              <MenuItem value={bet.finalResult}>
                {bet.finalResult === 'no_clear_outcome' ? 'No clear outcome' : bet.finalResult}
              </MenuItem>
            )}
          </TextField>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={decided || isLoading} onClick={() => void send()}>
          Submit Result
        </Button>
      </DialogActions>
    </Dialog>
  );
}
