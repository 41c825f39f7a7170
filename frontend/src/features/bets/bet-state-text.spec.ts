import { reportText, stateInWords } from './bet-state-text';
import type { Bet } from './types';

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
    challengeCode: null,
    kind: 'duel',
    joinBy: null,
    participants: [],
    ...overrides,
  };
}

const now = new Date('2026-11-22T12:00:00.000Z');

describe('stateInWords', () => {
  it('tells the challenged person what to do, and the challenger what they wait for', () => {
    expect(stateInWords(bet({}), 'bob', now)).toBe(
      'alice challenged you. Accept or decline before it expires (7 days left).',
    );
    expect(stateInWords(bet({}), 'alice', now)).toBe('Waiting for bob to accept (7 days left).');
  });

  it('tells the sender of a link that anyone may take it, naming nobody', () => {
    const link = bet({ opponentId: null, opponent: null, challengeCode: 'abcdefghijklmnop' });
    expect(stateInWords(link, 'alice', new Date('2026-11-22T12:00:00.000Z'))).toBe(
      'Waiting for someone to accept your link (7 days left).',
    );
  });

  it('says how a settled bet ended for each side, and who decided', () => {
    const won = bet({ status: 'completed', winnerUserId: 'alice', finalResult: 'Yes' });
    expect(stateInWords(won, 'alice', now)).toBe('You won $25.00.');
    expect(stateInWords(won, 'bob', now)).toBe('You lost $25.00 to alice.');
    const draw = bet({ status: 'completed', winnerUserId: null, resolutionType: 'admin' });
    expect(stateInWords(draw, 'bob', now)).toBe('Draw: both stakes came back. An admin decided it.');
  });

  it('uses the product words for a dispute', () => {
    expect(stateInWords(bet({ status: 'disputed' }), 'alice', now)).toBe(
      'Dispute in progress – admin will review this bet',
    );
  });
});

describe('reportText', () => {
  it('reads reports as people say them', () => {
    expect(reportText(null)).toBe('not yet');
    expect(reportText('no_clear_outcome')).toBe('no clear outcome');
    expect(reportText('Yes')).toBe('Yes');
  });
});
