import { befriend } from '../friends/friends-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { describeRacingClients } from './racing-clients.js';

describeRacingClients(1);

describe('a small database pool', () => {
  const POOL = 4;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { DATABASE_POOL_SIZE: String(POOL) } });
  });
  afterAll(async () => t.close());

  it('serves more challenges to a friends-only person at once than it has connections', async () => {
    // The friendship check once read on a second pooled connection while the bet's transaction held the
    // first: with every connection held by a transaction waiting so, none came back and no request ended.
    const picky = await newUser(t);
    await api(t, 'PATCH', '/api/settings/privacy', {
      token: picky.token,
      body: { allowChallengesFrom: 'friends' },
    });
    const friends: SignedUpUser[] = [];
    for (let i = 0; i < POOL * 3; i++) {
      const friend = await newUser(t);
      await befriend(t, friend, picky);
      friends.push(friend);
    }
    const challenges = Promise.all(
      friends.map((friend) =>
        api(t, 'POST', '/api/bets', {
          token: friend.token,
          body: {
            opponentId: picky.id,
            amount: '5.00',
            title: 'Small pool',
            outcomes: ['Yes', 'No'],
            duration: 24,
            creatorPick: 'Yes',
          },
        }),
      ),
    );
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<'stuck'>((resolve) => {
      timer = setTimeout(() => resolve('stuck'), 15_000);
    });
    const outcome = await Promise.race([challenges, stuck]).finally(() => clearTimeout(timer));
    expect(outcome).not.toBe('stuck');
    expect((outcome as { status: number }[]).map((response) => response.status)).toEqual(
      friends.map(() => 201),
    );
    await expectMoneyInvariants(t.dataSource);
  });
});
