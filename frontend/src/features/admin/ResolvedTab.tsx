import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
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
import type { Bet, BetParty } from './admin-api';
import { useEditResolutionMutation, useResolvedDisputesQuery } from './admin-api';
import { partyName } from './admin-names';
import { DisputeDetails } from './DisputesTab';

function EditResolutionDialog({ bet, onClose }: { bet: Bet; onClose: () => void }) {
  const [winnerId, setWinnerId] = useState('');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [edit, { isLoading }] = useEditResolutionMutation();
  const run = useMutationToast();
  const parties = [bet.creator, bet.opponent].filter((party): party is BetParty => party !== null);
  const submit = async () => {
    if (!winnerId || !reason.trim()) return setMissing(true);
    const winner = parties.find((party) => party.id === winnerId);
    if (!window.confirm(`Are you sure you want to change the resolution in favor of ${partyName(winner)}?`))
      return;
    const done = await run(() => edit({ betId: bet.id, winnerId, reason: reason.trim() }).unwrap(), {
      success: {
        title: 'Resolution Updated',
        description: 'The dispute resolution has been successfully updated',
        variant: 'default',
      },
      failure: { title: 'Error', fallback: 'Failed to update resolution' },
    });
    if (done.ok) onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Edit Resolution</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            This change is logged in the audit trail.
          </Typography>
          {missing && (
            <Alert severity="error" title="Missing Information">
              <strong>Missing Information</strong> — Please select a winner and provide a reason for the
              change
            </Alert>
          )}
          <TextField
            select
            label="Winner"
            value={winnerId}
            onChange={(event) => setWinnerId(event.target.value)}
          >
            {parties.map((party) => (
              <MenuItem key={party.id} value={party.id}>
                {partyName(party)} (picked {party.id === bet.creatorId ? bet.creatorPick : bet.opponentPick})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Reason for Change"
            multiline
            minRows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>
          {isLoading ? 'Updating...' : 'Update Resolution'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ResolvedTab() {
  const { data, isLoading } = useResolvedDisputesQuery();
  const [editing, setEditing] = useState<Bet | null>(null);
  if (isLoading) return <Typography>Loading…</Typography>;
  if (!data || data.length === 0)
    return <Alert severity="info">No Resolved Disputes - Resolved disputes will appear here.</Alert>;
  return (
    <Stack spacing={2}>
      <Typography variant="h6">Resolved Disputes</Typography>
      {data.map((bet) => (
        <Card key={bet.id} data-testid={`resolved-${bet.id}`}>
          <CardContent>
            <Chip color="success" label="Resolved" size="small" sx={{ mb: 1 }} />
            <DisputeDetails bet={bet} />
            <Typography sx={{ mt: 1 }}>
              Winner: <strong>{bet.winner ? partyName(bet.winner) : 'Draw'}</strong>
            </Typography>
            <Button sx={{ mt: 1 }} variant="outlined" onClick={() => setEditing(bet)}>
              Edit Resolution
            </Button>
          </CardContent>
        </Card>
      ))}
      {editing && <EditResolutionDialog bet={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

/** Audit entries per page. */
export const AUDIT_PAGE_SIZE = 25;

/**
 * The audit log (issue #15): who did what to whom by name (from the users list; an id only for someone not in
 * it), filtered by action, with date and time, a page at a time; cards on phones, a table from 600 px up.
 */
