import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { useToast } from '../../components/toast/use-toast';
import { formatMoney } from '../../lib/money';
import { choiceForOutcome, consequenceOf, sides, type Choice } from './bet-result';
import { useSubmitResultMutation } from './bets-api';
import { displayName, type Bet } from './types';

const NOBODY = '__no_clear_outcome__';

/**
 * Submit Outcome (docs/product.md §2): WIN / LOSE / No Clear Outcome — or, when the bet has more than two
 * outcomes, which outcome happened — then a confirmation that says what the report means in money, and
 * the Outcome Conflict confirmation when the other side reported something else.
 */
export function SubmitOutcomeDialog({
  bet,
  viewerId,
  onClose,
}: {
  bet: Bet;
  viewerId: string;
  onClose: () => void;
}) {
  const [submit, { isLoading }] = useSubmitResultMutation();
  const [conflict, setConflict] = useState<{ choice: Choice; theirs: string } | null>(null);
  const [confirming, setConfirming] = useState<Choice | null>(null);
  const [happened, setHappened] = useState('');
  const toast = useToast();
  const run = useMutationToast();
  const { other, otherId, myPick, theirPick } = sides(bet, viewerId);
  const manyOutcomes = bet.outcomes.length > 2;

  const resultFor = (choice: Choice) =>
    choice === 'WIN' ? viewerId : choice === 'LOSE' ? (otherId ?? '') : 'NO_CLEAR_OUTCOME';
  const send = async (choice: Choice, confirmed: boolean) => {
    const response = await run(() => submit({ id: bet.id, result: resultFor(choice), confirmed }).unwrap(), {
      failure: { title: 'Error', fallback: 'Failed to submit outcome. Please try again.' },
    });
    if (!response.ok) return;
    if (response.value.needsConfirmation) {
      setConflict({ choice, theirs: response.value.conflictingOutcome ?? 'a different result' });
      return;
    }
    toast({
      title: 'Outcome Submitted',
      description:
        response.value.status === 'completed'
          ? `${response.value.message ?? 'The bet is settled.'}${response.value.balance ? ` New balance: $${formatMoney(response.value.balance)}.` : ''}`
          : (response.value.message ?? 'Your outcome has been recorded.'),
      variant: 'success',
    });
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="outcome-title">
      {conflict ? (
        <>
          <DialogTitle id="outcome-title">Outcome Conflict</DialogTitle>
          <DialogContent>
            <Alert severity="warning">
              {displayName(other)} reported <strong>{conflict.theirs}</strong>. If you submit a different
              outcome, this bet goes to an admin for review.
            </Alert>
          </DialogContent>
          <DialogActions sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, p: 2 }}>
            <Button
              variant="contained"
              color="warning"
              disabled={isLoading}
              onClick={() => void send(conflict.choice, true)}
            >
              Yes, I&apos;m Sure - Create Dispute
            </Button>
            <Button onClick={() => setConflict(null)} disabled={isLoading}>
              Let Me Reconsider
            </Button>
          </DialogActions>
        </>
      ) : confirming ? (
        <>
          <DialogTitle id="outcome-title">Submit Outcome</DialogTitle>
          <DialogContent>
            <Stack spacing={1.5}>
              <Typography sx={{ fontWeight: 700 }}>{bet.title}</Typography>
              <Alert severity={confirming === 'WIN' ? 'success' : confirming === 'LOSE' ? 'error' : 'info'}>
                {consequenceOf(bet, viewerId, confirming)}
              </Alert>
              <Typography variant="body2" color="text.secondary">
                Both users must submit their outcomes to resolve the bet. If outcomes don&apos;t match, it
                will go to admin review.
              </Typography>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, p: 2 }}>
            <Button variant="contained" disabled={isLoading} onClick={() => void send(confirming, false)}>
              Send my report
            </Button>
            <Button onClick={() => setConfirming(null)} disabled={isLoading}>
              Back
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogTitle id="outcome-title">Submit Outcome</DialogTitle>
          <DialogContent>
            <Stack spacing={1.5}>
              <Typography sx={{ fontWeight: 700 }}>{bet.title}</Typography>
              <Typography variant="body2">
                Your pick: <strong>{myPick ?? '—'}</strong> · {displayName(other)}&apos;s pick:{' '}
                <strong>{theirPick ?? '—'}</strong>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Both users must submit their outcomes to resolve the bet. If outcomes don&apos;t match, it
                will go to admin review.
              </Typography>
              {manyOutcomes ? (
                <FormControl>
                  <FormLabel id="outcome-happened">Which outcome happened?</FormLabel>
                  <RadioGroup
                    aria-labelledby="outcome-happened"
                    value={happened}
                    onChange={(event) => setHappened(event.target.value)}
                  >
                    {bet.outcomes.map((outcome) => (
                      <FormControlLabel key={outcome} value={outcome} control={<Radio />} label={outcome} />
                    ))}
                    <FormControlLabel value={NOBODY} control={<Radio />} label="No Clear Outcome" />
                  </RadioGroup>
                  <Button
                    variant="contained"
                    sx={{ mt: 1 }}
                    disabled={!happened}
                    onClick={() =>
                      setConfirming(
                        happened === NOBODY ? 'NO_CLEAR_OUTCOME' : choiceForOutcome(bet, viewerId, happened),
                      )
                    }
                  >
                    Continue
                  </Button>
                </FormControl>
              ) : (
                <>
                  <Button
                    variant="contained"
                    color="success"
                    size="large"
                    onClick={() => setConfirming('WIN')}
                  >
                    WIN
                  </Button>
                  <Button
                    variant="contained"
                    color="error"
                    size="large"
                    onClick={() => setConfirming('LOSE')}
                  >
                    LOSE
                  </Button>
                  <Button variant="outlined" size="large" onClick={() => setConfirming('NO_CLEAR_OUTCOME')}>
                    No Clear Outcome
                  </Button>
                </>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
