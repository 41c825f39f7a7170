import { Link as RouterLink } from 'react-router';
import { Avatar } from '../../components/plain/Avatar';
import { Button } from '../../components/plain/Button';
import { Card, CardActions, CardContent } from '../../components/plain/Card';
import { Chip } from '../../components/plain/Chip';
import { formatDollars } from '../../lib/money';
import { timeLeft } from '../../lib/time';
import { isUneven, oddsText, stakesFor } from './stakes';
import { resultOf } from './bet-result';
import { displayName, isOpenLink, NO_CLEAR_OUTCOME_RESULT, otherSideName, type Bet } from './types';
import { useDenyChallenge, useWithdrawChallenge } from './use-bet-dialogs';
import { PotCard } from './pot/PotCard';
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

/** A chain link (Material's "link" icon) for the avatar of a challenge that nobody has taken yet. */
function LinkGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="currentColor">
      <path d="M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7c-2.76 0-5 2.24-5 5s2.24 5 5 5h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1M8 13h8v-2H8zm9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4c2.76 0 5-2.24 5-5s-2.24-5-5-5" />
    </svg>
  );
}

type CardProps = {
  bet: Bet;
  viewerId: string;
  onAccept: (bet: Bet) => void;
  onSubmitOutcome: (bet: Bet) => void;
};

/** A bet as the dashboard and the history list it: a two-person bet, or a group pot (its own card). */
export function BetCard(props: CardProps) {
  return props.bet.kind === 'pot' ? (
    <PotCard
      bet={props.bet}
      viewerId={props.viewerId}
      onJoin={props.onAccept}
      onSubmitOutcome={props.onSubmitOutcome}
    />
  ) : (
    <DuelCard {...props} />
  );
}

/**
 * A two-person bet as the dashboard and the history list it, with the actions docs/product.md §4 gives each status. The
 * card, its avatar, link, chips, text and buttons are plain HTML and CSS (components/plain, BetCard.css): the
 * dashboard draws several on a first visit.
 */
function DuelCard({ bet, viewerId, onAccept, onSubmitOutcome }: CardProps) {
  const { deny, isDenying } = useDenyChallenge();
  const { withdraw, isWithdrawing } = useWithdrawChallenge();
  const openLink = isOpenLink(bet);
  const isCreator = bet.creatorId === viewerId;
  const other = isCreator ? bet.opponent : bet.creator;
  const myPick = isCreator ? bet.creatorPick : bet.opponentPick;
  const myReport = isCreator ? bet.creatorResult : bet.opponentResult;
  const badge = resultOf(bet, viewerId);

  return (
    <Card component="article" aria-label={bet.title} data-testid={`bet-card-${bet.id}`}>
      <CardContent style={{ paddingBottom: 8 }}>
        <div className="bet-card-head">
          <Avatar src={other?.profileImageUrl} color={openLink ? '#5f6368' : '#7953d2'}>
            {openLink ? <LinkGlyph /> : displayName(other).slice(0, 1).toUpperCase()}
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
                formatDollars(stakesFor(bet, viewerId).mine)
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
          {isUneven(bet) && !badge && (
            <p className="text-body2">
              To win <strong>{formatDollars(stakesFor(bet, viewerId).theirs)}</strong> (
              {oddsText(stakesFor(bet, viewerId).mine, stakesFor(bet, viewerId).theirs)})
            </p>
          )}
          {bet.resolutionType === 'referee' && bet.referee && (
            <p className="text-body2">
              Referee: <strong>{displayName(bet.referee)}</strong>
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
          <>
            <p className="text-body2">
              {openLink ? 'Waiting for someone to accept your link' : 'Waiting for opponent'}
            </p>
            {isCreator && (
              <Button
                color="error"
                variant="outlined"
                disabled={isWithdrawing}
                onClick={() => void withdraw(bet)}
              >
                Withdraw
              </Button>
            )}
          </>
        )}
        {bet.status === 'active' && (
          <>
            <Button variant="contained" onClick={() => onSubmitOutcome(bet)}>
              Submit Outcome
            </Button>
            {myReport && (
              <p className="text-body2">
                You reported {myReport === NO_CLEAR_OUTCOME_RESULT ? 'no clear outcome' : myReport}; waiting
                for the other side
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
