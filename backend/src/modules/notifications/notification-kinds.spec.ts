import { formatDollars } from '../../common/money.js';
import { stillToAct } from '../bets/bet-reminders.service.js';
import {
  NOTIFICATION_CATEGORIES,
  currentBody,
  NOTIFICATION_CATEGORY,
  NOTIFICATION_TYPES,
  notificationUrl,
} from './notification-kinds.js';

describe('notification kinds', () => {
  it('puts every type in one of the browser categories', () => {
    for (const type of NOTIFICATION_TYPES) {
      expect(NOTIFICATION_CATEGORIES).toContain(NOTIFICATION_CATEGORY[type]);
    }
  });

  it.each([
    ['bet_received', 7, '/bets/7'],
    ['bet_resolved', 12, '/bets/12'],
    ['bet_expiring', 3, '/bets/3'],
    ['bet_cancelled', null, '/'],
    ['friend_request', null, '/friends'],
    ['balance_adjusted', null, '/history'],
    ['moderation', null, '/account'],
  ] as const)('links %s (bet %s) to %s', (type, betId, url) => {
    expect(notificationUrl(type, betId)).toBe(url);
  });
});

describe('formatDollars', () => {
  it.each([
    ['0.5', '$0.50'],
    ['12.5', '$12.50'],
    ['1000.00', '$1,000.00'],
    ['99999999.99', '$99,999,999.99'],
    ['-1234.56', '-$1,234.56'],
    ['7', '$7.00'],
  ])('%s reads %s', (amount, text) => {
    expect(formatDollars(amount)).toBe(text);
  });
});

describe('stillToAct', () => {
  const bet = {
    id: 1,
    title: 'Derby',
    amount: '5.00',
    creatorId: 'creator',
    opponentId: 'opponent',
    creatorResult: null,
    opponentResult: null,
  };

  it('is the opponent of an unanswered challenge', () => {
    expect(stillToAct({ ...bet, status: 'pending' })).toEqual(['opponent']);
  });

  it('is each party of an active bet who has not reported', () => {
    expect(stillToAct({ ...bet, status: 'active' })).toEqual(['creator', 'opponent']);
    expect(stillToAct({ ...bet, status: 'active', creatorResult: 'Reds' })).toEqual(['opponent']);
    expect(stillToAct({ ...bet, status: 'active', creatorResult: 'Reds', opponentResult: 'Blues' })).toEqual(
      [],
    );
  });
});

describe('currentBody', () => {
  const asked = '“Rain tomorrow” for $10.00. Accept or decline it before it expires.';
  it.each([
    ['pending', asked],
    ['active', '“Rain tomorrow” for $10.00. The challenge was accepted.'],
    ['declined', '“Rain tomorrow” for $10.00. The challenge was declined.'],
    ['cancelled', '“Rain tomorrow” for $10.00. The challenge was withdrawn.'],
    ['expired', '“Rain tomorrow” for $10.00. The challenge expired.'],
  ])('a challenge that is now %s reads "%s"', (status, text) => {
    expect(currentBody('bet_received', asked, status)).toBe(text);
  });

  it('leaves every other notification as it was written', () => {
    expect(currentBody('bet_accepted', 'Report the result when it is decided.', 'completed')).toBe(
      'Report the result when it is decided.',
    );
    expect(currentBody('bet_received', asked, null)).toBe(asked);
  });
});
