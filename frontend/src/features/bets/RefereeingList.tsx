import { Link as RouterLink } from 'react-router';
import { Card, CardContent } from '../../components/plain/Card';
import { displayName, type Bet } from './types';
import { useRefereesControllerRefereeingQuery } from '../../api/enhanced-api';

/** What a bet the viewer referees waits for from them, in a few words. */
export function refereeTask(bet: Bet): string {
  if (!bet.refereeAcceptedAt) return 'Asked to referee: accept or decline';
  if (bet.status === 'disputed') return 'Your call was appealed: an admin decides';
  if (bet.call) return 'Called: the players may appeal';
  if (bet.status === 'active') return 'Call it once the event is over';
  return 'Waiting for the players to start';
}

const players = (bet: Bet) =>
  bet.kind === 'pot'
    ? `${bet.participants.filter((seat) => seat.joinedAt !== null).length} players`
    : `${displayName(bet.creator)} vs ${displayName(bet.opponent)}`;

/**
 * The dashboard's "To Referee": the open bets the viewer referees or is asked to, each linking to its page
 * (where they accept the role or call it). Nothing is drawn for someone who referees nothing.
 */
export function RefereeingList() {
  const refereeing = useRefereesControllerRefereeingQuery(undefined, { pollingInterval: 30_000 });
  const bets = refereeing.data ?? [];
  if (bets.length === 0) return null;
  return (
    <section aria-labelledby="refereeing-heading">
      <h2 id="refereeing-heading" className="text-h6 text-gutter">
        To Referee
      </h2>
      <div className="bet-list">
        {bets.map((bet) => (
          <Card component="article" key={bet.id} aria-label={bet.title}>
            <CardContent>
              <RouterLink to={`/bets/${bet.id}`} className="bet-card-title">
                {bet.title}
              </RouterLink>
              <p className="text-body2">{players(bet)}</p>
              <p className="text-body2">
                <strong>{refereeTask(bet)}</strong>
              </p>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
