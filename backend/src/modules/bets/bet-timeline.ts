import { NO_CLEAR_OUTCOME_RESULT } from './bet-outcome.js';

/** One bet_activities row: whose feed it is in, what happened, when (one transition's rows share `at`). */
export interface TimelineRow {
  at: Date;
  userId: string;
  type: string;
  description: string;
}

/** An admin's decision on the bet, from the audit log: each one keeps its own time and reason. */
export interface Decision {
  at: Date;
  winnerUserId: string | null;
  reason: string | null;
  changed: boolean;
  /** The outcome decided (a pot's decision names an outcome, not a winner), or NO_CLEAR_OUTCOME_RESULT; null when not recorded. */
  outcome?: string | null;
}

interface TimelineBet {
  /** A group pot's events read as a group's (joined, left, locked); absent: a two-person bet. */
  kind?: 'duel' | 'pot';
  /** A pot's seats and each one's latest report. */
  participants?: { userId: string; result: string | null }[];
  creatorId: string;
  opponentId: string | null;
  creatorResult: string | null;
  opponentResult: string | null;
  /** A referee bet's call (an outcome or NO_CLEAR_OUTCOME_RESULT), when made. */
  callResult?: string | null;
}

/** The row of a group whose own words say its user did it ("You made…", "You called…"). */
const doer = (group: TimelineRow[], own: string) => group.find((row) => row.description.startsWith(own));

export interface TimelineEvent {
  at: string;
  type: string;
  text: string;
}

// Both parties' feeds hold the same event in their own words; these are one event on the timeline.
const SAME_EVENT: Record<string, string> = {
  bet_received: 'bet_created',
  bet_won: 'bet_settled',
  bet_lost: 'bet_settled',
  bet_draw: 'bet_settled',
};

/**
 * A bet's timeline from every party's activity rows: each event once, in order, saying who did it
 * (`nameOf` answers "You" for the viewer): both reports, the viewer's own, a decline, each admin decision
 * with its reason. Reports name the outcome a party holds now on their latest report.
 */
export function timelineOf(
  bet: TimelineBet,
  rows: TimelineRow[],
  decisions: Decision[],
  nameOf: (userId: string | null) => string,
): TimelineEvent[] {
  const events: { at: Date; type: string; rows: TimelineRow[] }[] = [];
  for (const row of rows) {
    const type = SAME_EVENT[row.type] ?? row.type;
    const last = events[events.length - 1];
    // A report is its reporter's own event even when the other's lands in the same instant.
    if (last && last.type === type && last.at.getTime() === row.at.getTime() && type !== 'result_submitted')
      last.rows.push(row);
    else events.push({ at: row.at, type, rows: [row] });
  }
  const lastReport = new Map<string, TimelineRow>();
  for (const row of rows) if (row.type === 'result_submitted') lastReport.set(row.userId, row);
  const pot = bet.kind === 'pot';
  const reportOf = (userId: string) =>
    pot
      ? (bet.participants?.find((seat) => seat.userId === userId)?.result ?? null)
      : userId === bet.creatorId
        ? bet.creatorResult
        : userId === bet.opponentId
          ? bet.opponentResult
          : null;
  const outcomeText = (outcome: string) => (outcome === NO_CLEAR_OUTCOME_RESULT ? 'No Clear Outcome' : outcome);
  const decisionQueue = [...decisions];
  const opponent = nameOf(bet.opponentId);
  const creator = nameOf(bet.creatorId);

  return events.map(({ at, type, rows: group }) => {
    const [first] = group as [TimelineRow];
    const text = (() => {
      const potText = pot ? potEvent(type, group, creator, nameOf) : null;
      if (potText !== null) return potText;
      switch (type) {
        case 'bet_created':
          return `${creator} created the bet`;
        case 'bet_accepted':
          return `${opponent} accepted the challenge`;
        case 'bet_declined':
          return `${opponent} declined the challenge`;
        case 'bet_cancelled':
          return first.userId === bet.creatorId && first.description.startsWith('Bet cancelled:')
            ? `${creator} withdrew the challenge`
            : 'The bet was called off (the other person left Betwixt); stakes refunded';
        case 'bet_expired':
          return 'Nobody accepted the challenge in time; it expired';
        case 'result_submitted': {
          const report = lastReport.get(first.userId) === first ? reportOf(first.userId) : null;
          return report
            ? `${nameOf(first.userId)} reported: ${outcomeText(report)}`
            : `${nameOf(first.userId)} reported a result`;
        }
        case 'bet_settled': {
          const winner = group.find((row) => row.type === 'bet_won');
          return winner
            ? `Settled: ${nameOf(winner.userId)} won the pot`
            : 'Settled as a draw: both stakes refunded';
        }
        case 'bet_disputed': {
          const appellant = doer(group, 'You appealed the call');
          if (appellant) return `${nameOf(appellant.userId)} appealed the call: the bet went to an admin`;
          if (first.description.startsWith('The referee did not call it'))
            return 'The referee did not call it in time';
          return 'The reports differ: the bet went to an admin for review';
        }
        case 'referee_asked':
          return `${nameOf(first.userId)} was asked to referee`;
        case 'referee_answered': {
          const agreed = doer(group, 'You agreed to referee');
          return agreed ? `${nameOf(agreed.userId)} agreed to referee` : 'The referee declined the role';
        }
        case 'bet_called': {
          const referee = doer(group, 'You called');
          const call = bet.callResult ? `: ${outcomeText(bet.callResult)}` : '';
          return `${referee ? nameOf(referee.userId) : 'The referee'} called it${call}`;
        }
        case 'counter_offer': {
          const maker = doer(group, 'You made');
          const round = /\(round (\d+)\)/.exec(first.description)?.[1];
          return `${maker ? nameOf(maker.userId) : 'Someone'} made a counter-offer${round ? ` (round ${round})` : ''}`;
        }
        case 'admin_resolved':
        case 'admin_reresolved': {
          const decision = decisionQueue.shift();
          const verdict =
            decision === undefined
              ? 'An admin decided the dispute'
              : pot && decision.outcome
                ? `An admin ${decision.changed ? 'changed the decision to' : 'decided'}: ${outcomeText(decision.outcome)}`
                : decision.winnerUserId === null
                  ? decision.changed
                    ? 'An admin changed the decision to a draw'
                    : 'An admin decided it was a draw'
                  : `An admin ${decision.changed ? 'changed the decision in favor of' : 'decided in favor of'} ${nameOf(decision.winnerUserId)}`;
          return decision?.reason ? `${verdict}: ${decision.reason}` : verdict;
        }
        default:
          return first.description;
      }
    })();
    return { at: at.toISOString(), type, text };
  });
}

/** "A, B, and C": made once, as building an Intl formatter costs far more than using one. */
const WINNERS_LIST = new Intl.ListFormat('en', { type: 'conjunction' });

/**
 * A group pot's events, where the duel's words would be wrong ("accepted the challenge", "won the pot" for
 * one person): joins, leaves and declines name the player; the lock, a void and a settlement speak of the
 * pot. Null: the event reads as a duel's.
 */
function potEvent(
  type: string,
  group: TimelineRow[],
  creator: string,
  nameOf: (userId: string | null) => string,
): string | null {
  const [first] = group as [TimelineRow];
  const says = (start: string) => first.description.startsWith(start);
  switch (type) {
    case 'bet_created':
      return `${creator} started the group pot`;
    case 'bet_accepted':
      return says('Group pot locked')
        ? `The pot locked with ${group.length} players`
        : `${nameOf(first.userId)} joined`;
    case 'bet_declined':
      return `${nameOf(first.userId)} declined the invitation`;
    case 'bet_cancelled':
      if (says('You left')) return `${nameOf(first.userId)} left the pot; stake refunded`;
      if (says('Group pot cancelled')) return `${creator} cancelled the pot; every stake refunded`;
      if (says('Group pot void')) return 'The pot was void; every stake refunded';
      return 'The pot was called off; every stake refunded';
    case 'bet_settled': {
      const winners = group.filter((row) => row.type === 'bet_won').map((row) => nameOf(row.userId));
      if (winners.length === 0) return 'Settled with nobody winning: every stake refunded';
      const list = WINNERS_LIST.format(winners);
      return `Settled: ${list} ${winners.length === 1 ? 'takes' : 'share'} the pot`;
    }
    default:
      return null;
  }
}
