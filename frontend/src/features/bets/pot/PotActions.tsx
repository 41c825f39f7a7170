import { Button, Stack } from '@mui/material';
import { useNavigate } from 'react-router';
import { useMutationToast } from '../../../components/toast/use-mutation-toast';
import { formatMoney } from '../../../lib/money';
import { openBetAcceptance } from '../bet-dialog-events';
import type { Bet } from '../types';
import { joinedSeats, seatOf } from './pot-result';
import {
  useBetsControllerCancelMutation,
  useBetsControllerLeaveMutation,
  useBetsControllerLockMutation,
} from '../../../api/enhanced-api';

/**
 * What a pot lets the viewer do on its page: an invitee joins (or declines, in the join dialog); a player
 * leaves before the lock; its creator starts it early or cancels it; once on, every player reports.
 */
export function PotActions({
  bet,
  viewerId,
  onReport,
}: {
  bet: Bet;
  viewerId: string;
  onReport: () => void;
}) {
  const [leave, leaving] = useBetsControllerLeaveMutation();
  const [lock, locking] = useBetsControllerLockMutation();
  const [cancel, cancelling] = useBetsControllerCancelMutation();
  const run = useMutationToast();
  const navigate = useNavigate();
  const seat = seatOf(bet, viewerId);
  if (!seat) return null;
  const stake = `$${formatMoney(seat.stake)}`;
  const busy = leaving.isLoading || locking.isLoading || cancelling.isLoading;

  if (bet.status === 'pending' && seat.joinedAt === null) {
    return (
      <Button variant="contained" onClick={() => openBetAcceptance(bet)} sx={{ alignSelf: 'flex-start' }}>
        Join Pot
      </Button>
    );
  }
  if (bet.status === 'pending' && seat.role === 'creator') {
    const players = joinedSeats(bet).length;
    const onLock = () => {
      if (!window.confirm(`Start "${bet.title}" now with ${players} players? Nobody else can join after.`))
        return;
      void run(() => lock(bet.id).unwrap(), {
        success: { title: 'Pot started', variant: 'default' },
        failure: { title: 'Error', fallback: 'Failed to start the pot' },
      });
    };
    const onCancel = () => {
      if (!window.confirm(`Cancel "${bet.title}"? Every player gets their stake back.`)) return;
      void run(() => cancel(bet.id).unwrap(), {
        success: { title: 'Pot cancelled', description: 'Every stake is back.', variant: 'default' },
        failure: { title: 'Error', fallback: 'Failed to cancel the pot' },
      });
    };
    return (
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" disabled={busy} onClick={onLock}>
          Start now
        </Button>
        <Button color="error" variant="outlined" disabled={busy} onClick={onCancel}>
          Cancel pot
        </Button>
      </Stack>
    );
  }
  if (bet.status === 'pending') {
    const onLeave = () => {
      if (!window.confirm(`Leave "${bet.title}"? Your ${stake} stake comes back.`)) return;
      // Without a seat the pot's page is no longer theirs: back to the dashboard.
      void run(() => leave(bet.id).unwrap(), {
        success: {
          title: 'You left the pot',
          description: `${stake} is back in your wallet.`,
          variant: 'default',
        },
        failure: { title: 'Error', fallback: 'Failed to leave the pot' },
      }).then((done) => done.ok && void navigate('/'));
    };
    return (
      <Button
        color="error"
        variant="outlined"
        disabled={busy}
        onClick={onLeave}
        sx={{ alignSelf: 'flex-start' }}
      >
        Leave pot
      </Button>
    );
  }
  // A referee pot is called by its referee: the players' own reports are refused meanwhile.
  if (bet.status === 'active' && seat.joinedAt !== null && bet.resolutionType !== 'referee') {
    return (
      <Button variant="contained" onClick={onReport} sx={{ alignSelf: 'flex-start' }}>
        {seat.result === null ? 'Submit Outcome' : 'Change my report'}
      </Button>
    );
  }
  return null;
}
