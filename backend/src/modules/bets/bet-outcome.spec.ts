import { offerTurn } from './bet-lifecycle.js';
import {
  NO_CLEAR_OUTCOME_RESULT,
  duelPot,
  interpretReport,
  stakeOf,
  NO_CLEAR_OUTCOME,
  settlementPostings,
  winnerOf,
  type BetParties,
} from './bet-outcome.js';

const bet: BetParties = {
  id: 7,
  title: 'Who wins the derby?',
  amount: '12.35',
  creatorId: 'creator',
  opponentId: 'opponent',
  creatorPick: 'Red',
  opponentPick: 'Blue',
  outcomes: ['Red', 'Blue', 'Green'],
};

describe('interpretReport', () => {
  it.each([
    ['creator', 'creator', 'Red'],
    ['creator', 'opponent', 'Blue'],
    ['opponent', 'opponent', 'Blue'],
    ['opponent', 'creator', 'Red'],
    ['creator', NO_CLEAR_OUTCOME, NO_CLEAR_OUTCOME_RESULT],
    ['opponent', 'Green', 'Green'],
    ['creator', 'Red', 'Red'],
  ])('%s reporting %s means %s', (reporter, result, outcome) => {
    expect(interpretReport(bet, reporter, result)).toBe(outcome);
  });

  it('rejects anything else', () => {
    expect(interpretReport(bet, 'creator', 'Purple')).toBeNull();
    expect(interpretReport(bet, 'creator', 'someone-else')).toBeNull();
  });
});

describe('winnerOf', () => {
  it('gives the win to whoever picked the outcome, and nobody otherwise', () => {
    expect(winnerOf(bet, 'Red')).toBe('creator');
    expect(winnerOf(bet, 'Blue')).toBe('opponent');
    expect(winnerOf(bet, 'Green')).toBeNull();
    expect(winnerOf(bet, NO_CLEAR_OUTCOME_RESULT)).toBeNull();
  });
});

describe('settlementPostings', () => {
  it('pays the winner both stakes, to the cent', () => {
    expect(settlementPostings(bet, 'opponent', 'mutual')).toEqual([
      expect.objectContaining({ userId: 'opponent', amount: '24.70', type: 'bet_payout', referenceId: '7' }),
    ]);
  });

  it('refunds each stake on a draw', () => {
    expect(settlementPostings(bet, null, 'mutual')).toEqual([
      expect.objectContaining({ userId: 'creator', amount: '12.35', type: 'bet_refund' }),
      expect.objectContaining({ userId: 'opponent', amount: '12.35', type: 'bet_refund' }),
    ]);
  });
});

describe('uneven stakes (docs/money.md, "Uneven stakes")', () => {
  const uneven: BetParties = { ...bet, amount: '30.00', opponentAmount: '10.01' };

  it('gives each side its own stake, and even money when opponentAmount is null', () => {
    expect(stakeOf(uneven, 'creator')).toBe('30.00');
    expect(stakeOf(uneven, 'opponent')).toBe('10.01');
    expect(stakeOf({ ...bet, opponentAmount: null }, 'opponent')).toBe('12.35');
  });

  it('pays the winner both stakes exactly, to the cent', () => {
    expect(duelPot(uneven)).toBe('40.01');
    expect(settlementPostings(uneven, 'opponent', 'mutual').map((p) => [p.userId, p.amount])).toEqual([
      ['opponent', '40.01'],
    ]);
  });

  it('gives each side its own stake back on a draw', () => {
    expect(settlementPostings(uneven, null, 'admin').map((p) => [p.userId, p.amount])).toEqual([
      ['creator', '30.00'],
      ['opponent', '10.01'],
    ]);
  });
});

describe('offerTurn', () => {
  it.each([
    [null, 'opponent'],
    ['creator', 'opponent'],
    ['opponent', 'creator'],
  ] as const)('after an offer by %s, it is the %s’s turn', (offerBy, turn) => {
    expect(offerTurn({ creatorId: 'creator', offerBy })).toBe(turn);
  });
});
