import { Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { Avatar } from '../../components/plain/Avatar';
import { Card, CardActions, CardContent } from '../../components/plain/Card';
import { Chip } from '../../components/plain/Chip';
import { formatMoney } from '../../lib/money';
import { timeLeft } from '../../lib/time';
import { resultOf } from './bet-result';
import { displayName, otherSideName, type Bet } from './types';
import { useDenyChallenge } from './use-bet-dialogs';
import './BetCard.css';

const STATUS_LABEL: Record<Bet['status'], string> = {
  pending: 'Pending',
  active: 'Active',
  completed: 'Completed',
  disputed: 'Disputed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/**
 * A bet as the dashboard and the history list it, with the actions docs/product.md §4 gives each status. The
 * card, its avatar, link and chips are plain HTML and CSS (components/plain, BetCard.css): the dashboard draws
 * several on a first visit (issue #11).
 */
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
  const { deny, isDenying } = useDenyChallenge();
  const isCreator = bet.creatorId === viewerId;
  const other = isCreator ? bet.opponent : bet.creator;
  const myPick = isCreator ? bet.creatorPick : bet.opponentPick;
  const myReport = isCreator ? bet.creatorResult : bet.opponentResult;
  const badge = resultOf(bet, viewerId);

  return (
    <Card component="article" aria-label={bet.title} data-testid={`bet-card-${bet.id}`}>
      <CardContent style={{ paddingBottom: 8 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Avatar src={other?.profileImageUrl} color="#7953d2">
            {displayName(other).slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <RouterLink to={`/bets/${bet.id}`} className="bet-card-title">
              {bet.title}
            </RouterLink>
            <Typography variant="body2" color="text.secondary">
              {isCreator ? 'vs' : 'from'} {otherSideName(bet, other)}
            </Typography>
          </Box>
          <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
            <Typography sx={{ fontWeight: 800, whiteSpace: 'nowrap' }}>
              {badge?.net ? (
                <Box
                  component="span"
                  sx={{ color: badge.net.startsWith('+') ? 'success.dark' : 'error.dark' }}
                >
                  {badge.net.startsWith('+') ? '+' : '−'}${badge.net.slice(1)}
                </Box>
              ) : (
                `$${formatMoney(bet.amount)}`
              )}
            </Typography>
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
      <CardActions style={{ padding: '8px 16px 16px', flexWrap: 'wrap', gap: 8 }}>
        {bet.status === 'pending' && bet.opponentId === viewerId && (
          <>
            <Button variant="contained" onClick={() => onAccept(bet)}>
              Accept Challenge
            </Button>
            <Button color="error" disabled={isDenying} onClick={() => void deny(bet)}>
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
