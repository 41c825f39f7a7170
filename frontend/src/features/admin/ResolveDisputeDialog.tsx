import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import type { Bet, BetParty } from './admin-api';
import { useResolveDisputeMutation } from './admin-api';

const DRAW = 'draw';

/**
 * An admin decides a dispute: the creator, the opponent, or a draw (both stakes refunded), with a reason
 * of at least 10 characters that goes into the audit log and to both players.
 */
export function ResolveDisputeDialog({
  bet,
  initialWinner,
  nameOf,
  onClose,
}: {
  bet: Bet;
  initialWinner: string;
  nameOf: (party: BetParty | null | undefined) => string;
  onClose: () => void;
}) {
  const [winner, setWinner] = useState(initialWinner);
  const [resolution, setResolution] = useState('');
  const [touched, setTouched] = useState(false);
  const [resolve, { isLoading }] = useResolveDisputeMutation();
  const run = useMutationToast();
  const tooShort = resolution.trim().length < 10;
  const winnerParty =
    winner === bet.creatorId ? bet.creator : winner === bet.opponentId ? bet.opponent : null;

  const submit = async () => {
    setTouched(true);
    if (tooShort) return;
    const whom = winner === DRAW ? 'a draw (both stakes refunded)' : nameOf(winnerParty);
    if (!window.confirm(`Are you sure you want to resolve this dispute in favor of ${whom}?`)) return;
    const done = await run(
      () =>
        resolve({
          betId: bet.id,
          winnerId: winner === DRAW ? null : winner,
          resolution: resolution.trim(),
        }).unwrap(),
      {
        success: {
          title: 'Dispute Resolved',
          description: 'The disputed bet has been successfully resolved',
          variant: 'default',
        },
        failure: { title: 'Error', fallback: 'Failed to resolve dispute' },
      },
    );
    if (done.ok) onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="resolve-title">
      <DialogTitle id="resolve-title">Resolve dispute</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {bet.title}: both players will see your reason, and it is kept in the audit trail.
          </DialogContentText>
          <RadioGroup
            aria-label="Decision"
            value={winner}
            onChange={(event) => setWinner(event.target.value)}
          >
            {[bet.creator, bet.opponent].map((party) =>
              party ? (
                <FormControlLabel
                  key={party.id}
                  value={party.id}
                  control={<Radio />}
                  label={`${nameOf(party)} wins (picked ${party.id === bet.creatorId ? bet.creatorPick : bet.opponentPick})`}
                />
              ) : null,
            )}
            <FormControlLabel value={DRAW} control={<Radio />} label="Draw: refund both stakes" />
          </RadioGroup>
          <TextField
            label="Resolution"
            multiline
            minRows={3}
            required
            value={resolution}
            onChange={(event) => setResolution(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && tooShort}
            helperText={
              touched && tooShort ? 'Resolution must be at least 10 characters' : 'Why you decided this way'
            }
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          {isLoading ? 'Resolving...' : 'Resolve Dispute'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
