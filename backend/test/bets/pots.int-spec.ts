import { BetDeadlinesService } from '../../src/modules/bets/bet-deadlines.service.js';
import { BetRemindersService } from '../../src/modules/bets/bet-reminders.service.js';
import { newAdmin } from '../admin/admin-helpers.js';
import { befriend } from '../friends/friends-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { adminTotalsFromTables, balanceOf, expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Group pots (docs/product.md, "Group pots"): create, join, leave, lock, settle, dispute, through the API. */
describe('group pots', () => {
  let t: TestApp;
  let creator: SignedUpUser;
  let friends: SignedUpUser[];

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    creator = await newUser(t);
    friends = [];
    for (let i = 0; i < 4; i++) {
      const friend = await newUser(t);
      await befriend(t, creator, friend);
      friends.push(friend);
    }
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await expectMoneyInvariants(t.dataSource);
  });

  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  const potBody = (overrides: Record<string, unknown> = {}) => ({
    inviteeIds: friends.map((friend) => friend.id),
    stake: '10.00',
    joinBy: inAnHour(),
    title: 'Who gets engaged first?',
    outcomes: ['Ana', 'Ben', 'Cy'],
    creatorPick: 'Ana',
    duration: 24,
    ...overrides,
  });
  const createPot = async (overrides: Record<string, unknown> = {}) => {
    const created = await api(t, 'POST', '/api/bets', { token: creator.token, body: potBody(overrides) });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  const act = (user: SignedUpUser, id: number, action: string, body: unknown = {}) =>
    api(t, 'POST', `/api/bets/${id}/${action}`, { token: user.token, body });
  const join = (user: SignedUpUser, id: number, pick: string) => act(user, id, 'join', { pick });
  const report = (user: SignedUpUser, id: number, result: string, confirmed = false) =>
    act(user, id, 'submit-result', { result, confirmed });
  const seats = async (id: number) =>
    t.dataSource.query<{ userId: string; pick: string | null; joined: boolean }[]>(
      `SELECT "userId", pick, "joinedAt" IS NOT NULL AS joined FROM bet_participants WHERE "betId" = $1`,
      [id],
    );

  it('escrows the creator’s stake, seats the invitees and answers as a pot', async () => {
    const created = await api(t, 'POST', '/api/bets', { token: creator.token, body: potBody() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'pot',
      status: 'pending',
      amount: '10.00',
      opponentId: null,
      creatorPick: 'Ana',
    });
    expect(created.body.challengeCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const participants = created.body.participants as {
      userId: string;
      role: string;
      joinedAt: string | null;
    }[];
    expect(participants).toHaveLength(5);
    expect(participants[0]).toMatchObject({
      userId: creator.id,
      role: 'creator',
      pick: 'Ana',
      stake: '10.00',
    });
    expect(participants.filter((seat) => seat.joinedAt === null)).toHaveLength(4);
    expect(await balanceOf(t.dataSource, creator.id)).toBe('990.00');
    // An invitee sees it among their pending challenges, can read it and is told.
    const pending = await api(t, 'GET', '/api/bets/pending', { token: friends[0].token });
    expect((pending.body as unknown as { id: number }[]).map((bet) => bet.id)).toContain(created.body.id);
    const seen = await api(t, 'GET', `/api/bets/${String(created.body.id)}`, { token: friends[0].token });
    expect(seen.status).toBe(200);
    const told = await t.dataSource.query<{ type: string }[]>(
      `SELECT type FROM notifications WHERE "userId" = $1 AND "betId" = $2`,
      [friends[0].id, created.body.id],
    );
    expect(told).toEqual([{ type: 'pot_invited' }]);
  });

  it('refuses bad pots with a message and moves nothing', async () => {
    const stranger = await newUser(t);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ inviteeIds: [friends[0].id] }, 400, /at least 2 friends/],
      [{ inviteeIds: [friends[0].id, stranger.id] }, 400, /only invite your friends/],
      [{ inviteeIds: [friends[0].id, friends[0].id] }, 400, /each friend once/],
      [{ inviteeIds: [friends[0].id, creator.id] }, 400, /in the pot already/],
      [{ joinBy: new Date(Date.now() - 60_000).toISOString() }, 400, /in the future/],
      [{ stake: '0.00' }, 400, /Minimum stake/],
      [{ stake: undefined }, 400, /Stake is required/],
      [{ creatorPick: 'Dee' }, 400, /one of the outcomes/],
      [{ stake: '5000.00' }, 400, /Insufficient balance/],
    ];
    for (const [overrides, status, message] of cases) {
      const response = await api(t, 'POST', '/api/bets', { token: creator.token, body: potBody(overrides) });
      expect([overrides, response.status]).toEqual([overrides, status]);
      expect(JSON.stringify(response.body)).toMatch(message);
    }
    expect(await balanceOf(t.dataSource, creator.id)).toBe('1000.00');
    expect(await t.dataSource.query(`SELECT id FROM bets WHERE "creatorId" = $1`, [creator.id])).toEqual([]);
  });

  it('lets invitees join, decline and leave, one seat each, and friends join by the link', async () => {
    const id = await createPot();
    const [ana, ben, cy, dee] = friends as [SignedUpUser, SignedUpUser, SignedUpUser, SignedUpUser];
    expect((await join(ana, id, 'Ben')).status).toBe(200);
    expect((await join(ana, id, 'Ben')).status).toBe(409); // one seat per person
    expect((await join(ben, id, 'Dee')).status).toBe(400); // not an outcome
    expect((await act(ben, id, 'decline')).status).toBe(200);
    expect((await join(ben, id, 'Ana')).status).toBe(404); // the invitation is gone
    expect((await join(cy, id, 'Ana')).status).toBe(200);
    expect((await act(cy, id, 'leave')).status).toBe(200);
    expect(await balanceOf(t.dataSource, cy.id)).toBe('1000.00');
    // A stranger cannot see or join it; a friend of the creator who was not invited joins by the link.
    const stranger = await newUser(t);
    expect((await join(stranger, id, 'Ana')).status).toBe(404);
    const later = await newUser(t);
    await befriend(t, creator, later);
    const code = (await api(t, 'GET', `/api/bets/${id}`, { token: creator.token })).body
      .challengeCode as string;
    const preview = await api(t, 'GET', `/api/challenges/${code}`);
    expect(preview.body).toMatchObject({ kind: 'pot', status: 'open', amount: '10.00' });
    const byLink = (user: SignedUpUser) =>
      api(t, 'POST', `/api/challenges/${code}/accept`, { token: user.token, body: { opponentPick: 'Cy' } });
    expect((await byLink(stranger)).status).toBe(403);
    expect((await byLink(later)).status).toBe(200);
    // A player short of money is refused before anything moves.
    await t.dataSource.query(`UPDATE users SET "suspendedUntil" = now() + interval '1 day' WHERE id = $1`, [
      dee.id,
    ]);
    expect((await join(dee, id, 'Ana')).status).toBe(403);
    expect(await balanceOf(t.dataSource, dee.id)).toBe('1000.00');
    const joined = (await seats(id)).filter((seat) => seat.joined).map((seat) => seat.userId);
    expect(joined.sort()).toEqual([creator.id, ana.id, later.id].sort());
  });

  it('counts a joined player’s stake as in play in their wallet, until the pot pays', async () => {
    const id = await createPot();
    const [ana] = friends as [SignedUpUser];
    expect((await join(ana, id, 'Ben')).status).toBe(200);
    const wallet = async (user: SignedUpUser) =>
      (await api(t, 'GET', '/api/wallet', { token: user.token })).body as Record<string, string>;
    expect(await wallet(ana)).toMatchObject({ available: '990.00', inPlay: '10.00', total: '1000.00' });
    expect(await wallet(creator)).toMatchObject({ available: '990.00', inPlay: '10.00', total: '1000.00' });
    expect((await act(ana, id, 'leave')).status).toBe(200);
    expect(await wallet(ana)).toMatchObject({ available: '1000.00', inPlay: '0.00', total: '1000.00' });
  });

  it('refuses a join the balance does not cover, with nothing moved', async () => {
    const id = await createPot({ stake: '600.00' });
    const [ana] = friends as [SignedUpUser];
    await createPotBy(ana, '500.00');
    const refused = await join(ana, id, 'Ben');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/Insufficient balance/);
    expect(await balanceOf(t.dataSource, ana.id)).toBe('500.00');
    expect((await seats(id)).find((seat) => seat.userId === ana.id)?.joined).toBe(false);
  });

  async function createPotBy(user: SignedUpUser, stake: string): Promise<number> {
    const others = [await newUser(t), await newUser(t)];
    for (const other of others) await befriend(t, user, other);
    const created = await api(t, 'POST', '/api/bets', {
      token: user.token,
      body: potBody({ inviteeIds: others.map((other) => other.id), stake }),
    });
    expect(created.status).toBe(201);
    return created.body.id as number;
  }

  it('settles when every report agrees: the pot split among those who picked right', async () => {
    const id = await createPot({ stake: '10.00' });
    const [ana, ben, cy] = friends as [SignedUpUser, SignedUpUser, SignedUpUser];
    await join(ana, id, 'Ana');
    await join(ben, id, 'Ana');
    await join(cy, id, 'Ben');
    // friends[3] never joins: the invitation lapses at the lock.
    const unlocked = (await adminTotalsFromTables(t.dataSource))?.totalVolume ?? '0';
    expect((await act(ana, id, 'lock')).status).toBe(403);
    const locked = await act(creator, id, 'lock');
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({ status: 'active', kind: 'pot' });
    expect(Number((await adminTotalsFromTables(t.dataSource))?.totalVolume) - Number(unlocked)).toBe(40);
    // The invitation nobody took stays a seat without a stake; joining now is refused.
    const seated = locked.body.participants as { joinedAt: string | null }[];
    expect(seated.filter((seat) => seat.joinedAt !== null)).toHaveLength(4);
    expect(seated).toHaveLength(5);
    const late = await join(friends[3], id, 'Ana');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This pot is no longer taking players');
    expect((await report(friends[3], id, 'Ana')).status).toBe(403);
    expect((await act(ana, id, 'leave')).status).toBe(409);

    // The admin overview's volume counts the four stakes now in play.
    const volume = async () => (await adminTotalsFromTables(t.dataSource))?.totalVolume ?? '0';
    const before = await volume();
    expect((await report(creator, id, 'Ana')).body.status).toBe('active');
    expect(await volume()).toBe(before);
    expect((await report(ana, id, 'Ana')).body.status).toBe('active');
    // A different report asks for confirmation first and changes nothing.
    const conflicting = await report(cy, id, 'Ben');
    expect(conflicting.body).toMatchObject({ needsConfirmation: true, conflictingOutcome: 'Ana' });
    expect((await report(cy, id, 'Ana')).body.status).toBe('active');
    const settled = await report(ben, id, 'Ana');
    expect(settled.body).toMatchObject({ status: 'completed', message: 'You won $3.33!' });
    // 40.00 among three winners of 10.00 each: 13.34 to the first to join (the creator), 13.33 to the others.
    expect(await balanceOf(t.dataSource, creator.id)).toBe('1003.34');
    expect(await balanceOf(t.dataSource, ana.id)).toBe('1003.33');
    expect(await balanceOf(t.dataSource, ben.id)).toBe('1003.33');
    expect(await balanceOf(t.dataSource, cy.id)).toBe('990.00');
    expect((await report(ben, id, 'Ana')).status).toBe(409);
    const told = await t.dataSource.query<{ amount: string }[]>(
      `SELECT amount::text FROM notifications WHERE "userId" = $1 AND "betId" = $2 AND type = 'pot_settled'`,
      [cy.id, id],
    );
    expect(told).toEqual([{ amount: '-10.00' }]);
    // Every read says what the pot came to for each seat.
    const read = await api(t, 'GET', `/api/bets/${id}`, { token: cy.token });
    const payouts = (read.body.participants as { userId: string; payout: string | null }[]).map((seat) => [
      seat.userId,
      seat.payout,
    ]);
    expect(payouts).toEqual([
      [creator.id, '13.34'],
      [ana.id, '13.33'],
      [ben.id, '13.33'],
      [cy.id, '0.00'],
      [friends[3].id, null],
    ]);
    // Their history, filtered to group pots, has it; filtered to two-person bets, not.
    const ids = async (kind: string) =>
      (
        (await api(t, 'GET', `/api/bets/history?kind=${kind}`, { token: cy.token })).body as unknown as {
          id: number;
        }[]
      ).map((bet) => bet.id);
    expect(await ids('pot')).toEqual([id]);
    expect(await ids('duel')).toEqual([]);
    // A friend's look at a player's profile counts the pot in the record, as the player's own view does.
    const stats = async (person: SignedUpUser) =>
      (await api(t, 'GET', `/api/users/${person.id}`, { token: creator.token })).body.stats;
    expect(await stats(cy)).toEqual({ won: 0, lost: 1 });
    expect(await stats(ana)).toEqual({ won: 1, lost: 0 });
    // The pot's page: a player sees the players and their own receipts only.
    const page = await api(t, 'GET', `/api/bets/${id}/page`, { token: cy.token });
    expect(page.status).toBe(200);
    expect(page.body.viewerRole).toBe('player');
    const receipts = page.body.receipts as { userId: string; amount: string }[];
    expect(receipts.map((receipt) => [receipt.userId, receipt.amount])).toEqual([[cy.id, '-10.00']]);
    // Its timeline names every player in the pot's own words: by their name where Cy may see it, else their
    // username, with the username beside names that read the same (everyone here is an Avery Stone).
    type Person = { username: string; firstName: string | null; lastName: string | null };
    const people = (page.body.bet as { participants: { userId: string; person: Person }[] }).participants;
    const shown = (person: Person) => [person.firstName, person.lastName].filter(Boolean).join(' ');
    const nameOf = new Map(
      people.map(({ userId, person }) => [
        userId,
        userId === cy.id
          ? 'You'
          : shown(person) && people.filter((seat) => shown(seat.person) === shown(person)).length > 1
            ? `${shown(person)} (@${person.username})`
            : shown(person) || person.username,
      ]),
    );
    expect([...nameOf.values()].some((name) => name?.startsWith('Avery Stone (@'))).toBe(true);
    const [c, a, b] = [creator, ana, ben].map((user) => nameOf.get(user.id));
    expect((page.body.timeline as { text: string }[]).map((event) => event.text)).toEqual([
      `${c} started the group pot`,
      `${a} joined`,
      `${b} joined`,
      'You joined',
      'The pot locked with 4 players',
      `${c} reported: Ana`,
      `${a} reported: Ana`,
      'You reported: Ana',
      `${b} reported: Ana`,
      `Settled: ${c}, ${a}, and ${b} share the pot`,
    ]);
  });

  it('refunds everyone on no clear outcome, and voids a pot with one pick only', async () => {
    const id = await createPot();
    const [ana, ben] = friends as [SignedUpUser, SignedUpUser];
    await join(ana, id, 'Ben');
    await act(creator, id, 'lock');
    await report(creator, id, 'NO_CLEAR_OUTCOME');
    expect((await report(ana, id, 'NO_CLEAR_OUTCOME')).body.status).toBe('completed');
    expect(await balanceOf(t.dataSource, ana.id)).toBe('1000.00');

    const same = await createPot();
    await join(ana, same, 'Ana');
    await join(ben, same, 'Ana');
    const voided = await act(creator, same, 'lock');
    expect(voided.body.status).toBe('cancelled');
    expect(await balanceOf(t.dataSource, creator.id)).toBe('1000.00');
    expect(await balanceOf(t.dataSource, ben.id)).toBe('1000.00');
  });

  it('locks at the join deadline (void when nobody joined), and the creator can cancel before', async () => {
    const lonely = await createPot();
    const due = await createPot();
    await join(friends[0], due, 'Cy');
    const cancelled = await createPot();
    await join(friends[1], cancelled, 'Cy');
    expect((await act(friends[1], cancelled, 'cancel')).status).toBe(403);
    expect((await act(creator, cancelled, 'cancel')).body.status).toBe('cancelled');
    expect(await balanceOf(t.dataSource, friends[1].id)).toBe('1000.00');

    await t.dataSource.query(`UPDATE bets SET "joinBy" = now() - interval '1 second' WHERE id = ANY($1)`, [
      [lonely, due],
    ]);
    expect((await join(friends[2], due, 'Ana')).status).toBe(409); // past the deadline, not yet locked
    expect(await t.app.get(BetDeadlinesService).lockDuePots()).toEqual({ locked: 2 });
    const statuses = await t.dataSource.query<{ id: number; status: string }[]>(
      `SELECT id, status FROM bets WHERE id = ANY($1) ORDER BY id`,
      [[lonely, due]],
    );
    expect(statuses).toEqual([
      { id: lonely, status: 'cancelled' },
      { id: due, status: 'active' },
    ]);
    // The void one came back; the locked one is in play.
    expect(await balanceOf(t.dataSource, creator.id)).toBe('990.00');
  });

  it('goes to an admin on a confirmed disagreement; the decision and its change pay exactly', async () => {
    const admin = await newAdmin(t);
    const id = await createPot();
    const [ana, ben] = friends as [SignedUpUser, SignedUpUser];
    await join(ana, id, 'Ben');
    await join(ben, id, 'Cy');
    await act(creator, id, 'lock');
    await report(creator, id, 'Ana');
    expect((await report(ana, id, 'Ben', true)).body.status).toBe('disputed');
    const statement = await api(t, 'PUT', `/api/bets/${id}/statement`, {
      token: ben.token,
      body: { text: 'It was Cy, everybody saw it.' },
    });
    expect(statement.status).toBeLessThan(300);
    // An invitee who never joined has nothing at stake, so no side to tell.
    const outsider = await api(t, 'PUT', `/api/bets/${id}/statement`, {
      token: friends[2].token,
      body: { text: 'I heard it was Ana.' },
    });
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toBe('Only the players of this pot can add a statement');
    const disputes = await api(t, 'GET', '/api/admin/disputed-bets', { token: admin.token });
    expect(JSON.stringify(disputes.body)).toContain(`"id":${id}`);

    const noOutcome = await act(admin, id, 'admin-resolve', { resolution: 'The photo shows Ben' });
    expect(noOutcome.status).toBe(400);
    const resolved = await act(admin, id, 'admin-resolve', {
      outcome: 'Ben',
      resolution: 'The photo shows Ben',
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'completed', finalResult: 'Ben', resolutionType: 'admin' });
    expect(await balanceOf(t.dataSource, ana.id)).toBe('1020.00');
    await expectMoneyInvariants(t.dataSource);
    // The admin's page counts this pot in each player's disputes, decided for Ana (who picked Ben).
    const page = await api(t, 'GET', `/api/bets/${id}/page`, { token: admin.token });
    expect(page.body.disputeHistory).toEqual([
      { userId: creator.id, disputes: 1, won: 0, lost: 1, drawn: 0 },
      { userId: ana.id, disputes: 1, won: 1, lost: 0, drawn: 0 },
      { userId: ben.id, disputes: 1, won: 0, lost: 1, drawn: 0 },
    ]);

    const changed = await act(admin, id, 'edit-resolution', { outcome: 'Cy', reason: 'A second photo came' });
    expect(changed.status).toBe(200);
    expect(await balanceOf(t.dataSource, ana.id)).toBe('990.00');
    expect(await balanceOf(t.dataSource, ben.id)).toBe('1020.00');
    const seatsNow = changed.body.participants as { userId: string; payout: string | null }[];
    expect(seatsNow.find((seat) => seat.userId === ben.id)?.payout).toBe('30.00');
    expect(seatsNow.find((seat) => seat.userId === ana.id)?.payout).toBe('0.00');
    const again = await act(admin, id, 'edit-resolution', { outcome: 'Cy', reason: 'A second photo came' });
    expect(again.status).toBe(400);
    const draw = await act(admin, id, 'edit-resolution', {
      outcome: 'NO_CLEAR_OUTCOME',
      reason: 'Nobody knows',
    });
    expect(draw.status).toBe(200);
    for (const user of [creator, ana, ben]) expect(await balanceOf(t.dataSource, user.id)).toBe('1000.00');
    const drawn = await api(t, 'GET', `/api/bets/${id}/page`, { token: admin.token });
    expect((drawn.body.disputeHistory as { drawn: number }[]).map((party) => party.drawn)).toEqual([1, 1, 1]);
    // Each decision is told by the outcome it settled on, with its reason.
    expect((drawn.body.timeline as { text: string }[]).map((event) => event.text).slice(-3)).toEqual([
      'An admin decided: Ben: The photo shows Ben',
      'An admin changed the decision to: Cy: A second photo came',
      'An admin changed the decision to: No Clear Outcome: Nobody knows',
    ]);
  });

  it('voids a pot a player’s account is deleted from, every stake back', async () => {
    const id = await createPot();
    const [ana, ben] = friends as [SignedUpUser, SignedUpUser];
    await join(ana, id, 'Ben');
    await join(ben, id, 'Cy');
    await act(creator, id, 'lock');
    const deleted = await api(t, 'DELETE', '/api/user/account', {
      token: ben.token,
      body: { confirm: 'DELETE', password: ben.password },
    });
    expect(deleted.status).toBeLessThan(300);
    const [row] = await t.dataSource.query<{ status: string }[]>(`SELECT status FROM bets WHERE id = $1`, [
      id,
    ]);
    expect(row?.status).toBe('cancelled');
    for (const user of [creator, ana]) expect(await balanceOf(t.dataSource, user.id)).toBe('1000.00');
  });

  it('reminds the players who have not reported, an hour before the deadline', async () => {
    const id = await createPot();
    const [ana, ben] = friends as [SignedUpUser, SignedUpUser];
    await join(ana, id, 'Ben');
    await join(ben, id, 'Cy');
    await act(creator, id, 'lock');
    await report(ana, id, 'Ben');
    await t.dataSource.query(`UPDATE bets SET "expiresAt" = now() + interval '57 minutes' WHERE id = $1`, [
      id,
    ]);
    expect(await t.app.get(BetRemindersService).sendDue()).toBeGreaterThanOrEqual(1);
    const reminded = await t.dataSource.query<{ userId: string }[]>(
      `SELECT "userId" FROM notifications WHERE "betId" = $1 AND type = 'pot_reminder'`,
      [id],
    );
    expect(reminded.map((row) => row.userId).sort()).toEqual([creator.id, ben.id].sort());
  });

  it('sends a pot with silent players to an admin 24 hours after its deadline', async () => {
    const id = await createPot();
    await join(friends[0], id, 'Ben');
    await act(creator, id, 'lock');
    await report(creator, id, 'Ana');
    await t.dataSource.query(`UPDATE bets SET "expiresAt" = now() - interval '25 hours' WHERE id = $1`, [id]);
    const processed = await t.app.get(BetDeadlinesService).processDeadlines();
    expect(processed.disputed).toBeGreaterThanOrEqual(1);
    const [row] = await t.dataSource.query<{ status: string }[]>(`SELECT status FROM bets WHERE id = $1`, [
      id,
    ]);
    expect(row?.status).toBe('disputed');
  });
});
