import { api, newUser, type SignedUpUser } from '../support/factories.js';
import type { TestApp } from '../support/test-app.js';
import { befriend } from '../friends/friends-helpers.js';

export type Api = Awaited<ReturnType<typeof api>>;

export async function expectStatus(response: Promise<Api> | Api, status: number): Promise<Api> {
  const answer = await response;
  if (answer.status !== status) {
    throw new Error(`expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer;
}

/** A circle made by `owner` with each of `others` befriended, invited and joined. */
export async function circleOf(
  t: TestApp,
  owner: SignedUpUser,
  others: SignedUpUser[],
  name = 'Friday poker',
): Promise<string> {
  const created = await expectStatus(
    api(t, 'POST', '/api/circles', { token: owner.token, body: { name } }),
    201,
  );
  const id = created.body.id as string;
  const code = created.body.inviteCode as string;
  for (const other of others) {
    await befriend(t, owner, other);
    await expectStatus(
      api(t, 'POST', `/api/circles/${id}/join`, { token: other.token, body: { code } }),
      200,
    );
  }
  return id;
}

export async function users(t: TestApp, count: number): Promise<SignedUpUser[]> {
  const made: SignedUpUser[] = [];
  for (let i = 0; i < count; i++) made.push(await newUser(t));
  return made;
}

/** A bet from creator to opponent posted in the circle, accepted, and both reporting `result`. */
export async function circleBet(
  t: TestApp,
  circleId: string,
  creator: SignedUpUser,
  opponent: SignedUpUser,
  amount: string,
  result: 'creator' | 'opponent' | 'draw' | 'open',
): Promise<number> {
  const created = await expectStatus(
    api(t, 'POST', '/api/bets', {
      token: creator.token,
      body: {
        opponentId: opponent.id,
        amount,
        title: 'Who wins the match',
        description: '',
        outcomes: ['Yes', 'No'],
        duration: 168,
        creatorPick: 'Yes',
        circleId,
      },
    }),
    201,
  );
  const id = created.body.id as number;
  if (result === 'open') return id;
  await expectStatus(
    api(t, 'POST', `/api/bets/${id}/accept`, { token: opponent.token, body: { opponentPick: 'No' } }),
    200,
  );
  const outcome =
    result === 'creator' ? creator.id : result === 'opponent' ? opponent.id : 'NO_CLEAR_OUTCOME';
  for (const party of [creator, opponent]) {
    await expectStatus(
      api(t, 'POST', `/api/bets/${id}/submit-result`, { token: party.token, body: { result: outcome } }),
      200,
    );
  }
  return id;
}

export interface Standing {
  person: { id: string };
  net: string | null;
  won: number;
  lost: number;
  drawn: number;
  streak: number;
  rank: number;
  winRate: number | null;
  reliability: string;
  disputesLost: number;
}

export async function table(t: TestApp, viewer: SignedUpUser, circleId: string, season?: number) {
  const answer = await expectStatus(
    api(t, 'GET', `/api/circles/${circleId}/leaderboard${season ? `?season=${season}` : ''}`, {
      token: viewer.token,
    }),
    200,
  );
  return answer.body as { season: { number: number }; standings: Standing[]; seasons: { number: number }[] };
}

export async function feed(t: TestApp, viewer: SignedUpUser, circleId: string) {
  const answer = await expectStatus(
    api(t, 'GET', `/api/circles/${circleId}/feed`, { token: viewer.token }),
    200,
  );
  return answer.body as {
    items: { id: number; kind: string; bet: { id: number; status: string; amount: string | null } | null }[];
    nextBefore: number | null;
  };
}
