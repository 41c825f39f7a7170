import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useToast } from '../../components/toast/use-toast';
import { serverMessage } from '../../lib/errors';
import { useSubmitResultMutation } from './bets-api';
import { displayName, type Bet } from './types';

type Choice = 'WIN' | 'LOSE' | 'NO_CLEAR_OUTCOME';

/** Spec §2 Submit Outcome: WIN / LOSE / No Clear Outcome, with the Outcome Conflict confirmation. */
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
  const toast = useToast();
  const otherId = viewerId === bet.creatorId ? bet.opponentId : bet.creatorId;
  const other = viewerId === bet.creatorId ? bet.opponent : bet.creator;

  const resultFor = (choice: Choice) =>
    choice === 'WIN' ? viewerId : choice === 'LOSE' ? (otherId ?? '') : 'NO_CLEAR_OUTCOME';
  const send = async (choice: Choice, confirmed: boolean) => {
    try {
      const response = await submit({ id: bet.id, result: resultFor(choice), confirmed }).unwrap();
      if (response.needsConfirmation) {
        setConflict({ choice, theirs: response.conflictingOutcome ?? 'a different result' });
        return;
      }
      toast({
        title: 'Outcome Submitted',
        description:
          response.status === 'completed' ? 'Bet resolution in progress.' : 'Your outcome has been recorded.',
        variant: 'success',
      });
      onClose();
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to submit outcome. Please try again.'),
        variant: 'destructive',
      });
    }
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
      ) : (
        <>
          <DialogTitle id="outcome-title">Submit Outcome</DialogTitle>
          <DialogContent>
            <Stack spacing={1.5}>
              <Typography sx={{ fontWeight: 700 }}>{bet.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                Both users must submit their outcomes to resolve the bet. If outcomes don&apos;t match, it
                will go to admin review.
              </Typography>
              <Button
                variant="contained"
                color="success"
                size="large"
                disabled={isLoading}
                onClick={() => void send('WIN', false)}
              >
                WIN
              </Button>
              <Button
                variant="contained"
                color="error"
                size="large"
                disabled={isLoading}
                onClick={() => void send('LOSE', false)}
              >
                LOSE
              </Button>
              <Button
                variant="outlined"
                size="large"
                disabled={isLoading}
                onClick={() => void send('NO_CLEAR_OUTCOME', false)}
              >
                No Clear Outcome
              </Button>
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
