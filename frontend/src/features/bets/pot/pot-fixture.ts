import { aBet, me, them } from '../bet-fixture';
import type { Bet } from '../types';

/** Test data: a pot of "me" (its creator), Maya, Sam and Lee at $10.00 each, three outcomes. */
export const sam = 'sam-id';
export const lee = 'lee-id';
const person = (id: string, firstName: string) => ({
  id,
  username: firstName.toLowerCase(),
  firstName,
  lastName: null,
  profileImageUrl: null,
});
type Seat = Bet['participants'][number];
export const aSeat = (userId: string, name: string, overrides: Partial<Seat> = {}): Seat => ({
  userId,
  role: userId === me ? 'creator' : 'player',
  pick: null,
  stake: '10.00',
  result: null,
  joinedAt: '2026-11-01T00:00:00Z',
  reportedAt: null,
  payout: null,
  person: person(userId, name),
  ...overrides,
});

export const aPot = (overrides: Partial<Bet> = {}, seats?: Seat[]): Bet =>
  aBet({
    kind: 'pot',
    amount: '10.00',
    opponentId: null,
    opponent: null,
    opponentPick: null,
    joinBy: '2026-11-02T00:00:00Z',
    status: 'active',
    participants: seats ?? [
      aSeat(me, 'Me', { pick: 'Reds' }),
      aSeat(them, 'Maya', { pick: 'Blues' }),
      aSeat(sam, 'Sam', { pick: 'Reds' }),
      aSeat(lee, 'Lee', { pick: 'Greens' }),
    ],
    ...overrides,
  });
