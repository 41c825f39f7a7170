import { NO_CLEAR_OUTCOME_RESULT } from './bet-outcome.js';
import { callLines, duelCallConsequences, potCallConsequences } from './referee-call.js';

const duel = {
  id: 1,
  title: 'Rain on Sunday',
  amount: '10.00',
  opponentAmount: '30.00',
  creatorId: 'c',
  opponentId: 'o',
  creatorPick: 'Yes',
  opponentPick: 'No',
  outcomes: ['Yes', 'No'],
};

describe('what a referee’s call means for the players', () => {
  it('tells a duel’s winner the other side’s stake and its loser their own, uneven stakes included', () => {
    expect([...duelCallConsequences(duel, 'Yes')]).toEqual([
      ['c', 'If it stands, you win $30.00.'],
      ['o', 'If it stands, your $30.00 stake goes to the other side.'],
    ]);
    expect([...duelCallConsequences(duel, 'No')]).toEqual([
      ['c', 'If it stands, your $10.00 stake goes to the other side.'],
      ['o', 'If it stands, you win $10.00.'],
    ]);
    expect([...duelCallConsequences(duel, NO_CLEAR_OUTCOME_RESULT).values()]).toEqual([
      'If it stands, both stakes come back.',
      'If it stands, both stakes come back.',
    ]);
  });

  it('tells each joined player of a pot what the split would pay them, and no one who did not join', () => {
    const joined = new Date('2026-11-01T10:00:00Z');
    const seats = [
      { userId: 'a', pick: 'Red', stake: '5.00', joinedAt: joined },
      { userId: 'b', pick: 'Blue', stake: '5.00', joinedAt: joined },
      { userId: 'c', pick: 'Blue', stake: '5.00', joinedAt: joined },
      { userId: 'd', pick: null, stake: '5.00', joinedAt: null },
    ];
    expect(Object.fromEntries(potCallConsequences({ id: 2, title: 'Colour' }, seats, 'Red'))).toEqual({
      a: 'If it stands, you win $10.00.',
      b: 'If it stands, your $5.00 stake goes to the winners.',
      c: 'If it stands, your $5.00 stake goes to the winners.',
    });
    expect(new Set(potCallConsequences({ id: 2, title: 'Colour' }, seats, 'Green').values())).toEqual(
      new Set(['If it stands, every stake comes back.']),
    );
  });

  it('leaves the referee a line of their own and each player one', () => {
    expect(callLines('Rain on Sunday', 'r', ['c', 'o'])).toEqual([
      { userId: 'c', type: 'bet_called', description: 'The referee called: Rain on Sunday' },
      { userId: 'o', type: 'bet_called', description: 'The referee called: Rain on Sunday' },
      { userId: 'r', type: 'bet_called', description: 'You called: Rain on Sunday' },
    ]);
  });
});
