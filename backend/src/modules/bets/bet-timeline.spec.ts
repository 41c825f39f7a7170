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
