import { api, type SignedUpUser } from '../support/factories.js';
import type { TestApp } from '../support/test-app.js';

export type Visibility = 'public' | 'friends' | 'private';

export interface Person {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  friendshipStatus: string;
}

export const asList = <T>(body: unknown): T[] => body as T[];
/** The rows of one page of a paged list (`{ items, nextBefore }`). */
export const itemsOf = <T>(body: unknown): T[] => (body as { items: T[] }).items;

export async function search(t: TestApp, user: SignedUpUser, q: string): Promise<Person[]> {
  const response = await api(t, 'GET', `/api/users/search?q=${encodeURIComponent(q)}`, { token: user.token });
  if (response.status !== 200)
    throw new Error(`search failed: ${response.status} ${JSON.stringify(response.body)}`);
  return asList<Person>(response.body);
}

export async function statusSeenBy(t: TestApp, viewer: SignedUpUser, other: SignedUpUser): Promise<string> {
  const found = (await search(t, viewer, other.username)).find((person) => person.id === other.id);
  return found?.friendshipStatus ?? 'absent';
}

export async function sendRequest(t: TestApp, from: SignedUpUser, to: SignedUpUser) {
  return api(t, 'POST', '/api/friends/request', { token: from.token, body: { addresseeId: to.id } });
}

/** Makes two people friends through the API and returns the friendship id. */
export async function befriend(t: TestApp, a: SignedUpUser, b: SignedUpUser): Promise<string> {
  const sent = await sendRequest(t, a, b);
  if (sent.status !== 201) throw new Error(`request failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const id = sent.body.id as string;
  const accepted = await api(t, 'POST', `/api/friends/${id}/accept`, { token: b.token });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status}`);
  return id;
}

export async function setPrivacy(
  t: TestApp,
  user: SignedUpUser,
  settings: { profileVisibility: Visibility; activityVisibility: Visibility; balanceVisibility: Visibility },
): Promise<void> {
  await t.dataSource.query(`UPDATE users SET "privacySettings" = $2::jsonb WHERE id = $1`, [
    user.id,
    JSON.stringify(settings),
  ]);
}

export async function makeAdmin(t: TestApp, user: SignedUpUser): Promise<void> {
  await t.dataSource.query(`UPDATE users SET "isAdmin" = true WHERE id = $1`, [user.id]);
}

/** Creates a bet from creator to opponent, accepts it, and has both report the same result. */
export async function playBet(
  t: TestApp,
  creator: SignedUpUser,
  opponent: SignedUpUser,
  amount: string,
  result: 'creator' | 'opponent' | 'draw',
  opponentAmount?: string,
): Promise<number> {
  const created = await api(t, 'POST', '/api/bets', {
    token: creator.token,
    body: {
      opponentId: opponent.id,
      amount,
      ...(opponentAmount ? { opponentAmount } : {}),
      title: 'Head to head',
      description: 'A friendly one',
      outcomes: ['Yes', 'No'],
      duration: 168,
      creatorPick: 'Yes',
      resolutionType: 'mutual',
    },
  });
  if (created.status !== 201)
    throw new Error(`bet failed: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as number;
  const accepted = await api(t, 'POST', `/api/bets/${id}/accept`, {
    token: opponent.token,
    body: { opponentPick: 'No' },
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status}`);
  const outcome =
    result === 'creator' ? creator.id : result === 'opponent' ? opponent.id : 'NO_CLEAR_OUTCOME';
  for (const party of [creator, opponent]) {
    const reported = await api(t, 'POST', `/api/bets/${id}/submit-result`, {
      token: party.token,
      body: { result: outcome },
    });
    if (reported.status !== 200) throw new Error(`report failed: ${reported.status}`);
  }
  return id;
}
