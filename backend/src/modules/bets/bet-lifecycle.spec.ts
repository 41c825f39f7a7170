import type { BetStatus } from './bet.entity.js';
import { BET_ACTIONS, BET_STATUSES, challengeState, nextStatus, type BetAction } from './bet-lifecycle.js';

// The whole table, written out independently of the implementation: [from, action] -> to.
const ALLOWED: [BetStatus, BetAction, BetStatus][] = [
  ['pending', 'accept', 'active'],
  ['pending', 'decline', 'declined'],
  ['pending', 'cancel', 'cancelled'],
  ['pending', 'expire', 'expired'],
  ['pending', 'void', 'cancelled'],
  ['active', 'report', 'active'],
  ['active', 'settle', 'completed'],
  ['active', 'dispute', 'disputed'],
  ['active', 'deadline', 'disputed'],
  ['active', 'void', 'cancelled'],
  ['disputed', 'admin_resolve', 'completed'],
  ['disputed', 'void', 'cancelled'],
  ['completed', 'admin_reresolve', 'completed'],
];

// A group pot's table, as docs/product.md "Group pots" says it.
const POT_ALLOWED: [BetStatus, BetAction, BetStatus][] = [
  ['pending', 'join', 'pending'],
  ['pending', 'leave', 'pending'],
  ['pending', 'decline', 'pending'],
  ['pending', 'lock', 'active'],
  ['pending', 'cancel', 'cancelled'],
  ['pending', 'void', 'cancelled'],
  ['active', 'report', 'active'],
  ['active', 'settle', 'completed'],
  ['active', 'dispute', 'disputed'],
  ['active', 'deadline', 'disputed'],
  ['active', 'void', 'cancelled'],
  ['disputed', 'admin_resolve', 'completed'],
  ['disputed', 'void', 'cancelled'],
  ['completed', 'admin_reresolve', 'completed'],
];

describe('bet lifecycle', () => {
  const cases = BET_STATUSES.flatMap((status) => BET_ACTIONS.map((action) => [status, action] as const));

  it('covers every status x action pair', () => {
    expect(cases).toHaveLength(7 * 14);
  });

  it.each(cases)('%s + %s', (status, action) => {
    const allowed = ALLOWED.find(([from, act]) => from === status && act === action);
    expect(nextStatus(status, action)).toBe(allowed ? allowed[2] : null);
  });

  it.each(cases)('pot: %s + %s', (status, action) => {
    const allowed = POT_ALLOWED.find(([from, act]) => from === status && act === action);
    expect(nextStatus(status, action, 'pot')).toBe(allowed ? allowed[2] : null);
  });

  it('ends declined, cancelled and expired bets for good', () => {
    for (const status of ['declined', 'cancelled', 'expired'] as const) {
      expect(BET_ACTIONS.map((action) => nextStatus(status, action)).filter(Boolean)).toEqual([]);
    }
  });
});

describe('open challenge state (what /c/{code} shows)', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const later = new Date('2026-11-25T13:00:00Z');
  const earlier = new Date('2026-11-25T11:00:00Z');

  it.each([
    ['pending', null, later, 'open'],
    ['pending', null, earlier, 'expired'], // past its deadline before the job ran
    ['pending', null, now, 'expired'],
    ['pending', 'someone', later, 'taken'],
    ['active', 'someone', later, 'taken'],
    ['disputed', 'someone', earlier, 'taken'],
    ['completed', 'someone', earlier, 'taken'],
    ['cancelled', null, later, 'cancelled'],
    ['declined', null, later, 'cancelled'],
    ['expired', null, earlier, 'expired'],
  ] as const)('%s, opponent %s, expires %s: %s', (status, opponentId, expiresAt, expected) => {
    expect(challengeState({ status, opponentId, expiresAt }, now)).toBe(expected);
  });

  it('gives every status a state', () => {
    for (const status of BET_STATUSES) {
      expect(challengeState({ status, opponentId: null, expiresAt: later }, now)).toEqual(expect.any(String));
    }
  });
});
