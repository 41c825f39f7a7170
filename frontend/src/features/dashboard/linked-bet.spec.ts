import type { Bet } from '../bets/types';
import { dialogForLinkedBet, linkedBetId } from './linked-bet';

function bet(overrides: Partial<Bet>): Bet {
  return {
    id: 3,
    title: 'Rain tomorrow',
    description: null,
    amount: '25.00',
    outcomes: ['Yes', 'No'],
    creatorId: 'alice',
    opponentId: 'bob',
    creator: { id: 'alice', username: 'alice', firstName: null, lastName: null, profileImageUrl: null },
    opponent: { id: 'bob', username: 'bob', firstName: null, lastName: null, profileImageUrl: null },
    creatorPick: 'Yes',
    opponentPick: null,
    creatorResult: null,
    opponentResult: null,
    finalResult: null,
    winnerUserId: null,
    winner: null,
    status: 'pending',
    resolutionType: 'mutual',
    duration: 168,
    createdAt: '2026-11-22T12:00:00.000Z',
    expiresAt: '2026-11-29T12:00:00.000Z',
    resolutionDate: null,
    ...overrides,
  };
}

describe('linkedBetId', () => {
  it('reads a positive integer only', () => {
    expect(linkedBetId('42')).toBe(42);
    expect(linkedBetId(null)).toBeNull();
    expect(linkedBetId('0')).toBeNull();
    expect(linkedBetId('-1')).toBeNull();
    expect(linkedBetId('4x')).toBeNull();
    expect(linkedBetId('')).toBeNull();
  });
});

describe('dialogForLinkedBet', () => {
  it('opens acceptance for the opponent of a pending bet, nothing for its creator', () => {
    expect(dialogForLinkedBet(bet({}), 'bob')).toBe('accept');
    expect(dialogForLinkedBet(bet({}), 'alice')).toBeNull();
  });

  it('opens the result dialog for either party of an active bet', () => {
    expect(dialogForLinkedBet(bet({ status: 'active' }), 'alice')).toBe('result');
    expect(dialogForLinkedBet(bet({ status: 'active' }), 'bob')).toBe('result');
    expect(dialogForLinkedBet(bet({ status: 'active' }), 'carol')).toBeNull();
  });

  it('opens nothing for finished bets', () => {
    for (const status of ['completed', 'disputed', 'declined', 'cancelled', 'expired'] as const) {
      expect(dialogForLinkedBet(bet({ status }), 'bob')).toBeNull();
    }
  });
});
