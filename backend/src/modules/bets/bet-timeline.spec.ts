import { timelineOf, type TimelineRow } from './bet-timeline.js';

const bet = {
  creatorId: 'c',
  opponentId: 'o',
  creatorResult: null,
  opponentResult: null,
  callResult: 'Late',
};
const names: Record<string, string> = { c: 'Ines', o: 'Jonas', r: 'Kiki' };
const nameOf = (id: string | null) => (id === 'o' ? 'You' : (names[id ?? ''] ?? 'Unknown'));
const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 10, minute));
const row = (minute: number, userId: string, type: string, description: string): TimelineRow => ({
  at: at(minute),
  userId,
  type,
  description,
});

describe('timelineOf: referee bets and counter-offers', () => {
  it('names who did what in every party’s feed, each event once', () => {
    const rows = [
      row(0, 'r', 'referee_asked', 'Asked to referee: Train'),
      row(1, 'o', 'counter_offer', 'You made a counter-offer (round 1): Train'),
      row(1, 'c', 'counter_offer', 'You received a counter-offer (round 1): Train'),
      row(2, 'r', 'referee_answered', 'You agreed to referee: Train'),
      row(3, 'c', 'bet_called', 'The referee called: Train'),
      row(3, 'o', 'bet_called', 'The referee called: Train'),
      row(3, 'r', 'bet_called', 'You called: Train'),
      row(4, 'c', 'bet_disputed', 'The call was appealed, under review: Train'),
      row(4, 'o', 'bet_disputed', 'You appealed the call, under review: Train'),
    ];
    expect(timelineOf(bet, rows, [], nameOf).map((event) => event.text)).toEqual([
      'Kiki was asked to referee',
      'You made a counter-offer (round 1)',
      'Kiki agreed to referee',
      'Kiki called it: Late',
      'You appealed the call: the bet went to an admin',
    ]);
  });

  it('says when the referee declined or stayed silent', () => {
    const rows = [
      row(0, 'c', 'referee_answered', 'The referee declined: Train'),
      row(5, 'c', 'bet_disputed', 'The referee did not call it: Train'),
      row(5, 'o', 'bet_disputed', 'The referee did not call it: Train'),
    ];
    expect(timelineOf(bet, rows, [], nameOf).map((event) => event.text)).toEqual([
      'The referee declined the role',
      'The referee did not call it in time',
    ]);
  });
});

describe('timelineOf: group pots', () => {
  const pot = {
    kind: 'pot' as const,
    creatorId: 'c',
    opponentId: null,
    creatorResult: null,
    opponentResult: null,
    participants: [
      { userId: 'c', result: 'Rain' },
      { userId: 'o', result: 'Rain' },
      { userId: 'r', result: null },
      { userId: 'd', result: null },
    ],
  };
  const potNames: Record<string, string> = { ...names, d: 'Dana' };
  const nameIn = (id: string | null) => (id === 'o' ? 'You' : (potNames[id ?? ''] ?? 'Unknown'));

  it('names each player who joined, left or declined, and speaks of the pot when it locks and settles', () => {
    const rows = [
      row(0, 'c', 'bet_created', 'Group pot created: Weather'),
      row(0, 'o', 'bet_received', 'Invited to a group pot: Weather'),
      row(0, 'r', 'bet_received', 'Invited to a group pot: Weather'),
      row(0, 'd', 'bet_received', 'Invited to a group pot: Weather'),
      row(1, 'o', 'bet_accepted', 'You joined a group pot: Weather'),
      row(2, 'r', 'bet_accepted', 'You joined a group pot: Weather'),
      row(3, 'd', 'bet_declined', 'You declined a group pot: Weather'),
      row(4, 'r', 'bet_cancelled', 'You left a group pot: Weather'),
      row(5, 'c', 'bet_accepted', 'Group pot locked: Weather'),
      row(5, 'o', 'bet_accepted', 'Group pot locked: Weather'),
      row(6, 'c', 'result_submitted', 'Result submitted: Weather'),
      row(7, 'o', 'result_submitted', 'Result submitted: Weather'),
      row(7, 'c', 'bet_won', 'Group pot won: Weather'),
      row(7, 'o', 'bet_won', 'Group pot won: Weather'),
    ];
    expect(timelineOf(pot, rows, [], nameIn).map((event) => event.text)).toEqual([
      'Ines started the group pot',
      'You joined',
      'Kiki joined',
      'Dana declined the invitation',
      'Kiki left the pot; stake refunded',
      'The pot locked with 2 players',
      'Ines reported: Rain',
      'You reported: Rain',
      'Settled: Ines and You share the pot',
    ]);
  });

  it('says who cancelled, when a pot is void, and what an admin decided by its outcome', () => {
    const cancelled = [
      row(1, 'c', 'bet_cancelled', 'Group pot cancelled: Weather'),
      row(1, 'o', 'bet_cancelled', 'Group pot cancelled: Weather'),
    ];
    const voided = [row(1, 'c', 'bet_cancelled', 'Group pot void: Weather')];
    const decided = [
      row(2, 'c', 'admin_resolved', 'Dispute resolved by admin in your favor: Weather'),
      row(2, 'o', 'admin_resolved', 'Dispute resolved by admin, group pot lost: Weather'),
      row(
        3,
        'c',
        'admin_reresolved',
        'Admin changed the decision to a draw, nobody won, stake refunded: Weather',
      ),
    ];
    const decisions = [
      { at: at(2), winnerUserId: null, reason: 'The photo shows rain', changed: false, outcome: 'Rain' },
      {
        at: at(3),
        winnerUserId: null,
        reason: 'The photo was from last year',
        changed: true,
        outcome: 'no_clear_outcome',
      },
    ];
    const texts = (rows: TimelineRow[]) =>
      timelineOf(pot, rows, decisions, nameIn).map((event) => event.text);
    expect(texts(cancelled)).toEqual(['Ines cancelled the pot; every stake refunded']);
    expect(texts(voided)).toEqual(['The pot was void; every stake refunded']);
    expect(texts(decided)).toEqual([
      'An admin decided: Rain: The photo shows rain',
      'An admin changed the decision to: No Clear Outcome: The photo was from last year',
    ]);
  });
});
