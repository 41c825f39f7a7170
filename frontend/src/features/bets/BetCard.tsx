import { Link as RouterLink } from 'react-router';
import { Avatar } from '../../components/plain/Avatar';
import { Button } from '../../components/plain/Button';
import { Card, CardActions, CardContent } from '../../components/plain/Card';
import { Chip } from '../../components/plain/Chip';
import { formatDollars } from '../../lib/money';
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
 * card, its avatar, link, chips, text and buttons are plain HTML and CSS (components/plain, BetCard.css): the
 * dashboard draws several on a first visit (issue #11).
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
        <div className="bet-card-head">
          <Avatar src={other?.profileImageUrl} color="#7953d2">
            {displayName(other).slice(0, 1).toUpperCase()}
          </Avatar>
          <div className="bet-card-who">
            <RouterLink to={`/bets/${bet.id}`} className="bet-card-title">
              {bet.title}
            </RouterLink>
            <p className="text-body2">
              {isCreator ? 'vs' : 'from'} {otherSideName(bet, other)}
            </p>
          </div>
          <div className="bet-card-stake">
            <p className="text-body1 bet-card-amount">
              {badge?.net ? (
                <span className={badge.net.startsWith('+') ? 'bet-card-won' : 'bet-card-lost'}>
                  {badge.net.startsWith('+') ? '+' : '−'}${badge.net.slice(1)}
                </span>
              ) : (
                formatDollars(bet.amount)
              )}
            </p>
            {badge ? (
              <Chip size="small" color={badge.color} label={badge.label} />
            ) : (
              <Chip size="small" variant="outlined" label={STATUS_LABEL[bet.status]} />
            )}
          </div>
        </div>
        <div className="bet-card-facts">
          {myPick && (
            <p className="text-body2">
              Your pick: <strong>{myPick}</strong>
            </p>
          )}
          {(bet.status === 'pending' || bet.status === 'active') && (
            <p className="text-body2">{timeLeft(bet.expiresAt)}</p>
          )}
        </div>
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
          <p className="text-body2">Waiting for opponent</p>
        )}
        {bet.status === 'active' && (
          <>
            <Button variant="contained" onClick={() => onSubmitOutcome(bet)}>
              Submit Outcome
            </Button>
            {myReport && (
              <p className="text-body2">
                You reported {myReport === 'no_clear_outcome' ? 'no clear outcome' : myReport}; waiting for
                the other side
              </p>
            )}
          </>
        )}
        {bet.status === 'disputed' && (
          <p className="text-body2">Dispute in progress – admin will review this bet</p>
        )}
      </CardActions>
    </Card>
  );
}
