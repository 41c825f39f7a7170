import type { BetStatus } from './bet.entity.js';
import {
  BET_ACTIONS,
  BET_STATUSES,
  REFEREE_ACTIONS,
  REFEREE_STAGES,
  challengeState,
  nextRefereeStage,
  nextStatus,
  refereeStage,
  type BetAction,
  type RefereeAction,
  type RefereeStage,
} from './bet-lifecycle.js';

// The whole table, written out independently of the implementation: [from, action] -> to.
const ALLOWED: [BetStatus, BetAction, BetStatus][] = [
  ['pending', 'accept', 'active'],
  ['pending', 'decline', 'declined'],
  ['pending', 'cancel', 'cancelled'],
  ['pending', 'expire', 'expired'],
  ['pending', 'void', 'cancelled'],
  ['pending', 'counter', 'pending'],
  ['pending', 'name_referee', 'pending'],
  ['pending', 'referee_accept', 'pending'],
  ['pending', 'referee_decline', 'pending'],
  ['active', 'report', 'active'],
  ['active', 'settle', 'completed'],
  ['active', 'dispute', 'disputed'],
  ['active', 'deadline', 'disputed'],
  ['active', 'void', 'cancelled'],
  ['active', 'call', 'active'],
  ['active', 'accept_call', 'active'],
  ['active', 'appeal', 'disputed'],
  ['active', 'referee_lapse', 'active'],
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
  ['pending', 'name_referee', 'pending'],
  ['pending', 'referee_accept', 'pending'],
  ['pending', 'referee_decline', 'pending'],
  ['active', 'report', 'active'],
  ['active', 'settle', 'completed'],
  ['active', 'dispute', 'disputed'],
  ['active', 'deadline', 'disputed'],
  ['active', 'void', 'cancelled'],
  ['active', 'call', 'active'],
  ['active', 'accept_call', 'active'],
  ['active', 'appeal', 'disputed'],
  ['active', 'referee_lapse', 'disputed'],
  ['disputed', 'admin_resolve', 'completed'],
  ['disputed', 'void', 'cancelled'],
  ['completed', 'admin_reresolve', 'completed'],
];

// Who may decide a referee bet, stage by stage (docs/product.md, "Referee bets").
const STAGE_ALLOWED: [RefereeStage, RefereeAction, RefereeStage][] = [
  ['none', 'accept', 'none'],
  ['none', 'lock', 'none'],
  ['none', 'report', 'none'],
  ['none', 'settle', 'none'],
  ['needs_referee', 'name_referee', 'asked'],
  ['asked', 'name_referee', 'asked'],
  ['asked', 'referee_accept', 'agreed'],
  ['asked', 'referee_decline', 'needs_referee'],
  ['agreed', 'accept', 'agreed'],
  ['agreed', 'lock', 'agreed'],
  ['agreed', 'call', 'called'],
  ['agreed', 'referee_lapse', 'lapsed'],
  ['called', 'accept_call', 'called'],
  ['called', 'appeal', 'called'],
  ['called', 'settle', 'called'],
  ['lapsed', 'report', 'lapsed'],
  ['lapsed', 'settle', 'lapsed'],
];

describe('referee stages', () => {
  const pairs = REFEREE_STAGES.flatMap((stage) => REFEREE_ACTIONS.map((action) => [stage, action] as const));

  it('covers every stage x action pair', () => {
    expect(pairs).toHaveLength(6 * 11);
  });

  it.each(pairs)('%s + %s', (stage, action) => {
    const allowed = STAGE_ALLOWED.find(([from, act]) => from === stage && act === action);
    expect(nextRefereeStage(stage, action)).toBe(allowed ? allowed[2] : null);
  });

  const bet = {
    resolutionType: 'referee',
    refereeId: 'r',
    refereeAcceptedAt: null as Date | null,
    calledAt: null as Date | null,
    refereeLapsedAt: null as Date | null,
  };
  const at = new Date('2026-01-01T00:00:00Z');

  it.each([
    ['none', { ...bet, resolutionType: 'mutual', refereeId: null }],
    ['needs_referee', { ...bet, refereeId: null }],
    ['asked', bet],
    ['agreed', { ...bet, refereeAcceptedAt: at }],
    ['called', { ...bet, refereeAcceptedAt: at, calledAt: at }],
    ['lapsed', { ...bet, resolutionType: 'mutual', refereeAcceptedAt: at, refereeLapsedAt: at }],
  ] as const)('reads %s from the columns', (stage, columns) => {
    expect(refereeStage(columns)).toBe(stage);
  });
});

describe('bet lifecycle', () => {
  const cases = BET_STATUSES.flatMap((status) => BET_ACTIONS.map((action) => [status, action] as const));

  it('covers every status x action pair', () => {
    expect(cases).toHaveLength(7 * 22);
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
