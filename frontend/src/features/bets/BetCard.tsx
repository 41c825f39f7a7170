import { Avatar, Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useToast } from '../../components/toast/use-toast';
import { formatMoney } from '../../lib/money';
import { timeLeft } from '../../lib/time';
import { useDeclineBetMutation } from './bets-api';
import { displayName, type Bet } from './types';

export function completedBadge(
  bet: Bet,
  viewerId: string,
): { label: string; color: 'success' | 'error' | 'default' | 'warning' } {
  if (bet.status === 'disputed' || bet.finalResult === 'disputed')
    return { label: 'Disputed', color: 'warning' };
  if (bet.finalResult === 'no_clear_outcome' || (bet.status === 'completed' && bet.winnerUserId === null)) {
    return { label: 'Draw', color: 'default' };
  }
  return bet.winnerUserId === viewerId
    ? { label: 'Won', color: 'success' }
    : { label: 'Lost', color: 'error' };
}

const STATUS_LABEL: Record<Bet['status'], string> = {
  pending: 'Pending',
  active: 'Active',
  completed: 'Completed',
  disputed: 'Disputed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** A bet as the dashboard lists it, with the actions spec §4 gives each status. */
export function BetCard({
  bet,
  viewerId,
  onAccept,
  onSubmitOutcome,
}: {
  bet: Bet;
  viewerId: string;
  onAccept: (bet: Bet) => void;
  onSubmitOutcome: (bet: Bet) => void;
}) {
  const [decline, { isLoading }] = useDeclineBetMutation();
  const toast = useToast();
  const isCreator = bet.creatorId === viewerId;
  const other = isCreator ? bet.opponent : bet.creator;
  const myPick = isCreator ? bet.creatorPick : bet.opponentPick;
  const myReport = isCreator ? bet.creatorResult : bet.opponentResult;
  const badge =
    bet.status === 'completed' || bet.status === 'disputed' ? completedBadge(bet, viewerId) : null;

  const deny = async () => {
    if (!window.confirm(`Deny the challenge "${bet.title}" from ${displayName(bet.creator)}?`)) return;
    try {
      await decline(bet.id).unwrap();
      toast({ title: 'Challenge Denied' });
    } catch {
      toast({ title: 'Failed to deny challenge', variant: 'destructive' });
    }
  };

  return (
    <Card component="article" aria-label={bet.title} data-testid={`bet-card-${bet.id}`}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Avatar src={other?.profileImageUrl ?? undefined} sx={{ bgcolor: 'primary.light' }}>
            {displayName(other).slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{bet.title}</Typography>
            <Typography variant="body2" color="text.secondary">
              {isCreator ? 'vs' : 'from'} {displayName(other)}
            </Typography>
          </Box>
          <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
            <Typography sx={{ fontWeight: 800 }}>${formatMoney(bet.amount)}</Typography>
            {badge ? (
              <Chip size="small" color={badge.color} label={badge.label} />
            ) : (
              <Chip size="small" variant="outlined" label={STATUS_LABEL[bet.status]} />
            )}
          </Stack>
        </Stack>
        <Stack direction="row" spacing={2} sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          {myPick && (
            <Typography variant="body2">
              Your pick: <strong>{myPick}</strong>
            </Typography>
          )}
          {(bet.status === 'pending' || bet.status === 'active') && (
            <Typography variant="body2" color="text.secondary">
              {timeLeft(bet.expiresAt)}
            </Typography>
          )}
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {bet.status === 'pending' && bet.opponentId === viewerId && (
          <>
            <Button variant="contained" onClick={() => onAccept(bet)}>
              Accept Challenge
            </Button>
            <Button color="error" disabled={isLoading} onClick={() => void deny()}>
              Deny
            </Button>
          </>
        )}
        {bet.status === 'pending' && bet.opponentId !== viewerId && (
          <Typography variant="body2" color="text.secondary">
            Waiting for opponent
          </Typography>
        )}
        {bet.status === 'active' && (
          <>
            <Button variant="contained" onClick={() => onSubmitOutcome(bet)}>
              Submit Outcome
            </Button>
            {myReport && (
              <Typography variant="body2" color="text.secondary">
                You reported {myReport === 'no_clear_outcome' ? 'no clear outcome' : myReport}; waiting for
                the other side
              </Typography>
            )}
          </>
        )}
        {bet.status === 'disputed' && (
          <Typography variant="body2" color="warning.dark">
            Dispute in progress – admin will review this bet
          </Typography>
        )}
      </CardActions>
    </Card>
  );
}
