import { BetRemindersService } from '../../src/modules/bets/bet-reminders.service.js';
import { potAction, potBody, withFriends } from '../bets/pot-helpers.js';
import { api, type SignedUpUser } from '../support/factories.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Told {
  type: string;
  category: string;
  title: string;
  body: string;
  url: string;
  betId: number | null;
  amount: string | null;
}

/**
 * A group pot's events have kinds of their own (invited, joined, locked, void, reminder, settled): each with a
 * text a person understands, a link to the pot, and the browser switch its duel counterpart uses.
 */
describe('group pot notifications', () => {
  let t: TestApp;
  let creator: SignedUpUser;
  let friends: SignedUpUser[];

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    ({ creator, friends } = await withFriends(t, 3));
  });
  afterEach(async () => expectMoneyInvariants(t.dataSource));

  const act = (user: SignedUpUser, id: number, action: string, body: unknown = {}) =>
    potAction(t, user, id, action, body);
  const createPot = async () => {
    const created = await api(t, 'POST', '/api/bets', { token: creator.token, body: potBody(friends) });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  /** What the person's bell shows about the pot, newest first. */
  const told = async (user: SignedUpUser, id: number): Promise<Told[]> => {
    const page = await api(t, 'GET', '/api/notifications', { token: user.token });
    expect(page.status).toBe(200);
    return (page.body.items as Told[]).filter((item) => item.betId === id);
  };

  it('invites, tells the creator who joined, says it is on, and settles with each player’s amount', async () => {
    const id = await createPot();
    const [ana, ben, cy] = friends as [SignedUpUser, SignedUpUser, SignedUpUser];
    const [invitation] = await told(ana, id);
    expect(invitation).toMatchObject({
      type: 'pot_invited',
      category: 'betUpdates',
      url: `/bets/${id}`,
      body: '“Office pool”: $10.00 each, split among those who pick right. Join with your pick or decline.',
    });

    expect(invitation.title).toMatch(/ invited you to a group pot$/);

    expect((await act(ana, id, 'join', { pick: 'Ana' })).status).toBe(200);
    expect((await act(ben, id, 'join', { pick: 'Ben' })).status).toBe(200);
    // Ana's invitation now says what she did; Cy's still asks.
    expect((await told(ana, id))[0].body).toBe(
      '“Office pool”: $10.00 each, split among those who pick right. You joined the pot.',
    );
    expect((await told(cy, id))[0].body).toMatch(/Join with your pick or decline\.$/);
    const joined = (await told(creator, id)).filter((item) => item.type === 'pot_joined');
    expect(joined).toHaveLength(2);
    expect(joined[0]).toMatchObject({
      category: 'betUpdates',
      url: `/bets/${id}`,
      body: '“Office pool”: $10.00 is in.',
    });
    expect(joined[0].title).toMatch(/ joined your group pot$/);

    expect((await act(creator, id, 'lock')).body.status).toBe('active');
    const [locked] = await told(ben, id);
    expect(locked).toMatchObject({
      type: 'pot_locked',
      category: 'betUpdates',
      url: `/bets/${id}`,
      title: 'Your group pot is on',
      body: '“Office pool” is locked with 3 players and $30.00 in the pot. Report the outcome when it is decided.',
    });
    // Cy never joined: the invitation says the pot moved on.
    expect((await told(cy, id))[0].body).toMatch(/The pot is locked and under way\.$/);

    for (const player of [creator, ana]) {
      expect((await act(player, id, 'submit-result', { result: 'Ana' })).status).toBe(200);
    }
    expect((await told(ben, id))[0].body).toMatch(/Report the outcome when it is decided\.$/);
    expect((await act(ben, id, 'submit-result', { result: 'Ana' })).body.status).toBe('completed');
    // The last reporter hears it from the answer; everyone else from a notification with their amount.
    const [won] = await told(ana, id);
    expect(won).toMatchObject({
      type: 'pot_settled',
      category: 'betResolved',
      url: `/bets/${id}`,
      amount: '5.00',
      title: 'You won $5.00',
      body: '“Office pool” is settled: your share is in your wallet.',
    });
    expect((await told(creator, id))[0]).toMatchObject({ type: 'pot_settled', amount: '5.00' });
    expect((await told(cy, id)).map((item) => item.type)).toEqual(['pot_invited']);
  });

  it('says a pot is void, and why, to every player', async () => {
    const id = await createPot();
    const [ana] = friends as [SignedUpUser];
    expect((await act(ana, id, 'join', { pick: 'Ana' })).status).toBe(200);
    // Everybody picked Ana: void at the lock, every stake back.
    expect((await act(creator, id, 'lock')).body.status).toBe('cancelled');
    for (const player of [creator, ana]) {
      const [voided] = await told(player, id);
      expect(voided).toMatchObject({
        type: 'pot_void',
        category: 'betUpdates',
        url: `/bets/${id}`,
        title: 'A group pot was called off',
        body: '“Office pool”: everybody picked the same outcome. Your $10.00 stake is back in your wallet.',
      });
    }
    expect((await told(friends[1], id))[0].body).toMatch(/The pot was called off\.$/);
  });

  it('reminds the players who have not reported before the deadline, in the reminders switch', async () => {
    const id = await createPot();
    const [ana, ben] = friends as [SignedUpUser, SignedUpUser];
    await act(ana, id, 'join', { pick: 'Ana' });
    await act(ben, id, 'join', { pick: 'Ben' });
    await act(creator, id, 'lock');
    await act(ana, id, 'submit-result', { result: 'Ana' });
    // Within the hour before the deadline.
    await t.dataSource.query(`UPDATE bets SET "expiresAt" = now() + interval '57 minutes' WHERE id = $1`, [
      id,
    ]);
    expect(await t.app.get(BetRemindersService).sendDue()).toBeGreaterThanOrEqual(1);
    const reminded = await t.dataSource.query<{ userId: string }[]>(
      `SELECT "userId" FROM notifications WHERE "betId" = $1 AND type = 'pot_reminder' ORDER BY "userId"`,
      [id],
    );
    expect(reminded.map((row) => row.userId)).toEqual([creator.id, ben.id].sort());
    const [reminder] = await told(ben, id);
    expect(reminder).toMatchObject({
      type: 'pot_reminder',
      category: 'betExpiring',
      url: `/bets/${id}`,
      title: 'Report the outcome of your group pot',
      body: '“Office pool” ends within the hour. Report what happened so it can settle.',
    });
    await act(ben, id, 'submit-result', { result: 'Ana', confirmed: true });
    expect((await told(ben, id))[0].body).not.toMatch(/Report what happened/);
  });
});
