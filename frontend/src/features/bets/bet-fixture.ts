import type { Bet } from './types';

/** Test data: a three-outcome bet between "me" and Maya, with what a test cares about changed. */
export const me = 'me-id';
export const them = 'them-id';
const party = (id: string, firstName: string) => ({
  id,
  username: firstName.toLowerCase(),
  firstName,
  lastName: null,
  profileImageUrl: null,
});
export const aBet = (overrides: Partial<Bet> = {}): Bet => ({
  id: 7,
  title: 'Who wins?',
  description: null,
  amount: '50.00',
  outcomes: ['Reds', 'Blues', 'Greens'],
  creatorId: me,
  opponentId: them,
  creator: party(me, 'Me'),
  opponent: party(them, 'Maya'),
  creatorPick: 'Reds',
  opponentPick: 'Blues',
  creatorResult: null,
  opponentResult: null,
  finalResult: null,
  winnerUserId: null,
  winner: null,
  status: 'completed',
  resolutionType: 'mutual',
  duration: 168,
  createdAt: '2026-11-01T00:00:00Z',
  expiresAt: null,
  resolutionDate: null,
  challengeCode: null,
  kind: 'duel',
  joinBy: null,
  participants: [],
  ...overrides,
});
