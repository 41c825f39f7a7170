import { befriend } from '../friends/friends-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import type { TestApp } from '../support/test-app.js';

/** The body of `POST /api/bets` for a pot of 10.00 stakes inviting `invitees`, joinable for an hour. */
export function potBody(invitees: SignedUpUser[], overrides: Record<string, unknown> = {}) {
  return {
    inviteeIds: invitees.map((invitee) => invitee.id),
    stake: '10.00',
    joinBy: new Date(Date.now() + 3_600_000).toISOString(),
    title: 'Office pool',
    outcomes: ['Ana', 'Ben'],
    creatorPick: 'Ana',
    duration: 24,
    ...overrides,
  };
}

/** A new person and `count` new friends of theirs. */
export async function withFriends(t: TestApp, count: number) {
  const creator = await newUser(t);
  const friends: SignedUpUser[] = [];
  for (let i = 0; i < count; i++) {
    const friend = await newUser(t);
    await befriend(t, creator, friend);
    friends.push(friend);
  }
  return { creator, friends };
}

/** `POST /api/bets/{id}/{action}` as `user`. */
export function potAction(t: TestApp, user: SignedUpUser, id: number, action: string, body: unknown = {}) {
  return api(t, 'POST', `/api/bets/${id}/${action}`, { token: user.token, body });
}
