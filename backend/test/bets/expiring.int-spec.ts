import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { potAction, potBody, withFriends } from './pot-helpers.js';

interface ExpiringBet {
  id: number;
  title: string;
  expiresAt: string;
  status: string;
}

describe('GET /api/bets/expiring: the open bets whose deadline is within two hours', () => {
  let t: TestApp;
  let alice: SignedUpUser;
  let bob: SignedUpUser;
  let carol: SignedUpUser;

  const challenge = async (from: SignedUpUser, to: SignedUpUser, title: string, duration: number) => {
    const created = await api(t, 'POST', '/api/bets', {
      token: from.token,
      body: { opponentId: to.id, amount: '1.00', title, outcomes: ['A', 'B'], duration, creatorPick: 'A' },
    });
    expect(created.status).toBe(201);
    return Number(created.body.id);
  };

  beforeAll(async () => {
    t = await startTestApp();
    [alice, bob, carol] = [await newUser(t), await newUser(t), await newUser(t)];
  });
  afterAll(async () => t.close());

  it('lists the viewer’s pending and active bets ending soonest first, and nobody else’s', async () => {
    const pendingSoon = await challenge(alice, bob, 'Pending, one hour', 1);
    const activeSoon = await challenge(bob, alice, 'Active, two hours', 2);
    expect(
      (
        await api(t, 'POST', `/api/bets/${activeSoon}/accept`, {
          token: alice.token,
          body: { opponentPick: 'B' },
        })
      ).status,
    ).toBe(200);
    await challenge(alice, bob, 'A week away', 168);
    const declined = await challenge(bob, alice, 'Declined, one hour', 1);
    expect((await api(t, 'POST', `/api/bets/${declined}/decline`, { token: alice.token })).status).toBe(200);
    await challenge(bob, carol, 'Not hers, one hour', 1);

    const answer = await api(t, 'GET', '/api/bets/expiring', { token: alice.token });
    expect(answer.status).toBe(200);
    const bets = answer.body as unknown as ExpiringBet[];
    expect(bets.map((bet) => [bet.id, bet.status])).toEqual([
      [pendingSoon, 'pending'],
      [activeSoon, 'active'],
    ]);
    expect(bets[0]?.title).toBe('Pending, one hour');
    expect(Date.parse(bets[0]?.expiresAt ?? '')).toBeLessThan(Date.parse(bets[1]?.expiresAt ?? ''));

    const carols = await api(t, 'GET', '/api/bets/expiring', { token: carol.token });
    expect((carols.body as unknown as ExpiringBet[]).map((bet) => bet.title)).toEqual(['Not hers, one hour']);
  });

  it('lists a running pot to each player who joined it, and not to an invitee who stayed out', async () => {
    const { creator, friends } = await withFriends(t, 2);
    const [joiner, invitee] = friends as [SignedUpUser, SignedUpUser];
    const created = await api(t, 'POST', '/api/bets', {
      token: creator.token,
      body: potBody([joiner, invitee], { title: 'Pot, one hour', duration: 1 }),
    });
    expect(created.status).toBe(201);
    const id = Number(created.body.id);
    expect((await potAction(t, joiner, id, 'join', { pick: 'Ben' })).status).toBe(200);
    expect((await potAction(t, creator, id, 'lock')).status).toBe(200);

    const expiringFor = async (user: SignedUpUser) =>
      (
        (await api(t, 'GET', '/api/bets/expiring', { token: user.token })).body as unknown as ExpiringBet[]
      ).map((bet) => [bet.id, bet.title, bet.status]);
    expect(await expiringFor(joiner)).toEqual([[id, 'Pot, one hour', 'active']]);
    expect(await expiringFor(creator)).toEqual([[id, 'Pot, one hour', 'active']]);
    expect(await expiringFor(invitee)).toEqual([]);
  });
});
