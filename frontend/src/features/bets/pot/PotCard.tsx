import { Link as RouterLink } from 'react-router';
import { Avatar } from '../../../components/plain/Avatar';
import { Button, buttonClasses, ButtonLabel } from '../../../components/plain/Button';
import { Card, CardActions, CardContent } from '../../../components/plain/Card';
import { Chip } from '../../../components/plain/Chip';
import { formatDollars, formatMoney } from '../../../lib/money';
import { timeLeft } from '../../../lib/time';
import { resultOf } from '../bet-result';
import { displayName, type Bet } from '../types';
import { joinedSeats, potReportText, potTotal, seatOf } from './pot-result';
import '../BetCard.css';
import { useBetsControllerDeclineMutation } from '../../../api/enhanced-api';

/** A group of people (Material's "groups" icon) for a pot's avatar. */
function GroupGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="currentColor">
      <path d="M12 12.75c1.63 0 3.07.39 4.24.9 1.08.48 1.76 1.56 1.76 2.73V18H6v-1.61c0-1.18.68-2.26 1.76-2.73 1.17-.52 2.61-.91 4.24-.91M4 13c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m1.13 1.1c-.37-.06-.74-.1-1.13-.1-.99 0-1.93.21-2.78.58C.48 14.9 0 15.62 0 16.43V18h4.5v-1.61c0-.83.23-1.61.63-2.29M20 13c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m4 3.43c0-.81-.48-1.53-1.22-1.85-.85-.37-1.79-.58-2.78-.58-.39 0-.76.04-1.13.1.4.68.63 1.46.63 2.29V18H24zM12 6c1.66 0 3 1.34 3 3s-1.34 3-3 3-3-1.34-3-3 1.34-3 3-3" />
    </svg>
  );
}

const STATUS_LABEL: Record<Bet['status'], string> = {
  pending: 'Taking players',
  active: 'Active',
  completed: 'Completed',
  disputed: 'Disputed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** A group pot as the dashboard and the history list it: the pot, the players, and what the viewer can do. */
export function PotCard({
  bet,
  viewerId,
  onJoin,
  onSubmitOutcome,
}: {
  bet: Bet;
  viewerId: string;
  onJoin: (bet: Bet) => void;
  onSubmitOutcome: (bet: Bet) => void;
}) {
  const [decline, { isLoading: isDeclining }] = useBetsControllerDeclineMutation();
  const seat = seatOf(bet, viewerId);
  const players = joinedSeats(bet);
  const invited = seat !== null && seat.joinedAt === null;
  const badge = resultOf(bet, viewerId);
  const waiting = players.filter((player) => player.result === null).length;
  const onDecline = () => {
    if (window.confirm(`Decline the pot "${bet.title}" from ${displayName(bet.creator)}?`))
      void decline(bet.id);
  };

  return (
    <Card component="article" aria-label={bet.title} data-testid={`bet-card-${bet.id}`}>
      <CardContent style={{ paddingBottom: 8 }}>
        <div className="bet-card-head">
          <Avatar color="#1b6e5a">
            <GroupGlyph />
          </Avatar>
          <div className="bet-card-who">
            <RouterLink to={`/bets/${bet.id}`} className="bet-card-title">
              {bet.title}
            </RouterLink>
            <p className="text-body2">
              Group pot · {players.length} player{players.length === 1 ? '' : 's'} · $
              {formatMoney(potTotal(bet))}
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
          {seat?.pick && (
            <p className="text-body2">
              Your pick: <strong>{seat.pick}</strong>
            </p>
          )}
          {bet.status === 'pending' && <p className="text-body2">{timeLeft(bet.joinBy)} to join</p>}
          {bet.status === 'active' && <p className="text-body2">{timeLeft(bet.expiresAt)}</p>}
        </div>
      </CardContent>
      <CardActions style={{ padding: '8px 16px 16px', flexWrap: 'wrap', gap: 8 }}>
        {bet.status === 'pending' && invited && (
          <>
            <Button variant="contained" onClick={() => onJoin(bet)}>
              Join Pot
            </Button>
            <Button color="error" disabled={isDeclining} onClick={onDecline}>
              Decline
            </Button>
          </>
        )}
        {bet.status === 'pending' && !invited && (
          <>
            <p className="text-body2">
              {bet.creatorId === viewerId
                ? 'Waiting for friends to join'
                : 'You are in: waiting for the lock'}
            </p>
            <RouterLink to={`/bets/${bet.id}`} className={buttonClasses({ variant: 'outlined' })}>
              <ButtonLabel>Open pot</ButtonLabel>
            </RouterLink>
          </>
        )}
        {bet.status === 'active' && seat?.result == null && (
          <Button variant="contained" onClick={() => onSubmitOutcome(bet)}>
            Submit Outcome
          </Button>
        )}
        {bet.status === 'active' && seat?.result != null && (
          <>
            <Button variant="outlined" onClick={() => onSubmitOutcome(bet)}>
              Change report
            </Button>
            <p className="text-body2">
              You reported {potReportText(seat.result)}; waiting for {waiting} player
              {waiting === 1 ? '' : 's'}
            </p>
          </>
        )}
        {bet.status === 'disputed' && (
          <p className="text-body2">Dispute in progress – admin will review this bet</p>
        )}
      </CardActions>
    </Card>
  );
}
