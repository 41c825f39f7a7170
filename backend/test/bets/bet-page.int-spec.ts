import { activeBet, disputedBet, newAdmin, pendingBet } from '../admin/admin-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { balanceOf, expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface BetSummary {
  id: number;
  status: string;
  creatorId: string;
  opponentId: string | null;
}
interface BetPage {
  bet: BetSummary & { winnerUserId: string | null; finalResult: string | null };
  viewerRole: string;
  timeline: { at: string; type: string; text: string }[];
  receipts: { userId: string; type: string; amount: string; balanceAfter: string; label: string }[];
  dispute: {
    reporterId: string;
    status: string;
    decidedAt: string | null;
    decisionReason: string | null;
    decisions: { at: string; winnerUserId: string | null; reason: string | null; changed: boolean }[];
    statements: { userId: string; text: string }[];
  } | null;
}

const idsOf = (body: unknown) => (body as BetSummary[]).map((bet) => bet.id);

describe('a bet from first to last: history, page, statements, an admin draw with a reason', () => {
  let t: TestApp;
  let alice: SignedUpUser;
  let bob: SignedUpUser;
  let carol: SignedUpUser;
  let admin: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
    [alice, bob, carol] = [await newUser(t), await newUser(t), await newUser(t)];
    admin = await newAdmin(t);
  });
  afterAll(async () => t.close());
  afterEach(async () => expectMoneyInvariants(t.dataSource));

  const page = (id: number, who: SignedUpUser) => api(t, 'GET', `/api/bets/${id}/page`, { token: who.token });
  const pageOf = async (id: number, who: SignedUpUser) => (await page(id, who)).body as unknown as BetPage;
  const history = (who: SignedUpUser, query = '') =>
    api(t, 'GET', `/api/bets/history${query}`, { token: who.token });
  const say = (id: number, who: SignedUpUser, text: unknown) =>
    api(t, 'PUT', `/api/bets/${id}/statement`, { token: who.token, body: { text } });
  const settleForAlice = async (id: number) => {
    await api(t, 'POST', `/api/bets/${id}/submit-result`, { token: alice.token, body: { result: alice.id } });
    const second = await api(t, 'POST', `/api/bets/${id}/submit-result`, {
      token: bob.token,
      body: { result: alice.id },
    });
    expect(second.body).toMatchObject({ status: 'completed' });
  };

  it('history pages newest first with a cursor and filters by status and opponent', async () => {
    const dave = await newUser(t);
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await pendingBet(t, dave, i % 2 === 0 ? alice : bob, '1.00'));
    await api(t, 'POST', `/api/bets/${ids[0]}/cancel`, { token: dave.token });

    const first = await history(dave, '?limit=2');
    expect(first.status).toBe(200);
    expect(idsOf(first.body)).toEqual([ids[4], ids[3]]);
    const second = await history(dave, `?limit=2&before=${ids[3]}`);
    expect(idsOf(second.body)).toEqual([ids[2], ids[1]]);
    const last = await history(dave, `?limit=2&before=${ids[1]}`);
    expect(idsOf(last.body)).toEqual([ids[0]]);

    const cancelled = await history(dave, '?status=cancelled');
    expect(idsOf(cancelled.body)).toEqual([ids[0]]);
    const againstBob = await history(dave, `?opponentId=${bob.id}`);
    expect(idsOf(againstBob.body)).toEqual([ids[3], ids[1]]);
    // Carol took part in none of them: her history stays empty whatever she asks for.
    expect((await history(carol, `?opponentId=${dave.id}`)).body).toEqual([]);

    expect((await history(dave, '?status=won')).status).toBe(400);
    expect((await history(dave, '?opponentId=not-a-uuid')).status).toBe(400);
    expect((await history(dave, '?before=0')).status).toBe(400);
    for (const id of ids.slice(1)) await api(t, 'POST', `/api/bets/${id}/cancel`, { token: dave.token });
  });

  it('the page is for the two parties and admins; anyone else, guessing ids or not, gets a 404', async () => {
    const id = await activeBet(t, alice, bob, '20.00');
    await settleForAlice(id);

    const winner = await page(id, alice);
    expect(winner.status).toBe(200);
    const body = winner.body as unknown as BetPage;
    expect(body.viewerRole).toBe('creator');
    expect(body.bet).toMatchObject({ id, status: 'completed', winnerUserId: alice.id });
    expect(body.timeline.map((event) => event.type)).toEqual([
      'bet_created',
      'bet_accepted',
      'result_submitted',
      'result_submitted',
      'bet_settled',
    ]);
    expect(body.timeline.every((event) => !Number.isNaN(Date.parse(event.at)))).toBe(true);
    expect(body.receipts.map((receipt) => [receipt.type, receipt.amount])).toEqual([
      ['bet_stake', '-20.00'],
      ['bet_payout', '40.00'],
    ]);
    expect(body.receipts.every((receipt) => receipt.userId === alice.id)).toBe(true);

    const loser = await pageOf(id, bob);
    expect(loser.viewerRole).toBe('opponent');
    expect(loser.receipts.map((receipt) => [receipt.type, receipt.amount])).toEqual([
      ['bet_stake', '-20.00'],
    ]);

    const asAdmin = await pageOf(id, admin);
    expect(asAdmin.viewerRole).toBe('admin');
    expect(asAdmin.receipts).toHaveLength(3);

    expect((await page(id, carol)).status).toBe(404);
    for (const guess of [id - 1, id + 1, id + 1000, 1]) {
      const response = await page(guess, carol);
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('title');
    }
    expect((await api(t, 'GET', `/api/bets/${id}/page`)).status).toBe(401);
    expect((await api(t, 'GET', '/api/bets/abc/page', { token: alice.token })).status).toBe(404);
  });

  it('statements: only the parties, only while disputed, within limits, stored as plain text', async () => {
    const active = await activeBet(t, alice, bob, '5.00');
    expect((await say(active, alice, 'Too early')).status).toBe(409);

    const id = await disputedBet(t, alice, bob, '5.00');
    expect((await say(id, carol, 'I saw it all')).status).toBe(404);
    expect((await say(id, admin, 'Admins decide, they do not testify')).status).toBe(403);
    expect((await say(id, alice, '')).status).toBe(400);
    expect((await say(id, alice, '    ')).status).toBe(400);
    expect((await say(id, alice, 'x'.repeat(1001))).status).toBe(400);
    expect((await say(id, alice, 42)).status).toBe(400);

    const html = '<img src=x onerror=alert(1)> The Reds scored twice.\nVideo at 89:00';
    expect((await say(id, alice, html)).status).toBe(204);
    expect((await say(id, bob, 'First draft')).status).toBe(204);
    expect((await say(id, bob, 'The goal was offside.')).status).toBe(204);

    const seen = await pageOf(id, admin);
    expect(seen.dispute).toMatchObject({ reporterId: bob.id, status: 'pending', decisionReason: null });
    expect(seen.dispute?.statements).toEqual([
      expect.objectContaining({ userId: alice.id, text: html }),
      expect.objectContaining({ userId: bob.id, text: 'The goal was offside.' }),
    ]);
    expect((seen as unknown as { disputeHistory: unknown }).disputeHistory).toEqual([
      { userId: alice.id, disputes: 1, won: 0, lost: 0, drawn: 0 },
      { userId: bob.id, disputes: 1, won: 0, lost: 0, drawn: 0 },
    ]);
    expect(((await pageOf(id, bob)) as unknown as { disputeHistory: unknown }).disputeHistory).toEqual([]);
    // Both players see both statements.
    expect((await pageOf(id, bob)).dispute?.statements).toHaveLength(2);

    await api(t, 'POST', `/api/bets/${id}/admin-resolve`, {
      token: admin.token,
      body: { winnerId: alice.id, resolution: 'The video shows a fair goal' },
    });
    expect((await say(id, bob, 'Late words')).status).toBe(409);
  });

  it('statements carry up to 3 https evidence links, validated, replaced with the statement, returned as given', async () => {
    const id = await disputedBet(t, alice, bob, '5.00');
    const sayWith = (links: unknown) =>
      api(t, 'PUT', `/api/bets/${id}/statement`, {
        token: alice.token,
        body: { text: 'Photos of the scoreboard', links },
      });
    for (const links of [
      ['http://example.com/photo.jpg'],
      ['javascript:alert(1)'],
      ['https://user:pw@example.com/x'],
      ['not a link'],
      [42],
      'https://example.com/one',
      ['https://a.example/1', 'https://a.example/2', 'https://a.example/3', 'https://a.example/4'],
      [`https://example.com/${'x'.repeat(500)}`],
    ]) {
      const response = await sayWith(links);
      expect([JSON.stringify(links).slice(0, 40), response.status]).toEqual([
        JSON.stringify(links).slice(0, 40),
        400,
      ]);
    }
    const links = ['https://photos.example.com/score.jpg', 'https://youtu.be/abc?t=89'];
    expect((await sayWith(links)).status).toBe(204);
    expect((await pageOf(id, bob)).dispute?.statements).toEqual([
      expect.objectContaining({ userId: alice.id, text: 'Photos of the scoreboard', links }),
    ]);
    // Rewriting without links clears them; a statement with no links has an empty list.
    expect((await say(id, alice, 'Changed my mind about the photos')).status).toBe(204);
    expect((await pageOf(id, admin)).dispute?.statements).toEqual([
      expect.objectContaining({ userId: alice.id, links: [] }),
    ]);
  });

  it('an admin resolves a dispute as a draw with a reason: both stakes back, the reason in the audit log, on the page and in the notification', async () => {
    const before = [await balanceOf(t.dataSource, alice.id), await balanceOf(t.dataSource, bob.id)];
    const id = await disputedBet(t, alice, bob, '30.00');

    const short = await api(t, 'POST', `/api/bets/${id}/admin-resolve`, {
      token: admin.token,
      body: { winnerId: null, resolution: 'draw' },
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ message: 'Resolution must be at least 10 characters' });
    const missing = await api(t, 'POST', `/api/bets/${id}/admin-resolve`, { token: admin.token, body: {} });
    expect(missing.status).toBe(400);

    const reason = 'Neither side could show the final score';
    const resolved = await api(t, 'POST', `/api/bets/${id}/admin-resolve`, {
      token: admin.token,
      body: { winnerId: null, resolution: reason },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      status: 'completed',
      winnerUserId: null,
      finalResult: 'no_clear_outcome',
    });
    expect([await balanceOf(t.dataSource, alice.id), await balanceOf(t.dataSource, bob.id)]).toEqual(before);

    const [audit] = await t.dataSource.query<{ reason: string }[]>(
      `SELECT reason FROM admin_audit_log WHERE action = 'resolve_dispute' AND "targetId" = $1`,
      [String(id)],
    );
    expect(audit?.reason).toBe(reason);
    for (const player of [alice, bob]) {
      const seen = await pageOf(id, player);
      expect(seen.dispute).toMatchObject({ status: 'resolved', decisionReason: reason });
      const notes = await api(t, 'GET', '/api/notifications', { token: player.token });
      const items = (notes.body as unknown as { items: { type: string; betId: number; body: string }[] })
        .items;
      const decision = items.find((item) => item.type === 'dispute_resolved' && item.betId === id);
      expect(decision?.body).toContain(`Reason: ${reason}`);
    }
  });
});

describe('a bet page tells every event with who did it, and every decision with its own time and reason', () => {
  let t: TestApp;
  let maya: SignedUpUser;
  let zoe: SignedUpUser;
  let admin: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
    maya = await newUser(t, { firstName: 'Maya', lastName: 'Lopez' });
    zoe = await newUser(t, { firstName: 'Zoe', lastName: 'Park' });
    admin = await newAdmin(t);
    const sent = await api(t, 'POST', '/api/friends/request', {
      token: maya.token,
      body: { addresseeId: zoe.id },
    });
    await api(t, 'POST', `/api/friends/${String(sent.body.id)}/accept`, { token: zoe.token });
  });
  afterAll(async () => t.close());
  afterEach(async () => expectMoneyInvariants(t.dataSource));

  const pageOf = async (id: number, who: SignedUpUser) =>
    (await api(t, 'GET', `/api/bets/${id}/page`, { token: who.token })).body as unknown as BetPage;
  const texts = async (id: number, who: SignedUpUser) =>
    (await pageOf(id, who)).timeline.map((event) => event.text);
  const report = (id: number, who: SignedUpUser, result: string, confirmed?: boolean) =>
    api(t, 'POST', `/api/bets/${id}/submit-result`, { token: who.token, body: { result, confirmed } });

  it('both reports, the viewer’s own included, each named; the settlement names the winner', async () => {
    const id = await activeBet(t, maya, zoe, '10.00');
    await report(id, maya, maya.id);
    await report(id, zoe, maya.id);
    expect(await texts(id, zoe)).toEqual([
      'Maya Lopez created the bet',
      'You accepted the challenge',
      'Maya Lopez reported: Reds',
      'You reported: Reds',
      'Settled: Maya Lopez won the pot',
    ]);
    expect(await texts(id, maya)).toEqual([
      'You created the bet',
      'Zoe Park accepted the challenge',
      'You reported: Reds',
      'Zoe Park reported: Reds',
      'Settled: You won the pot',
    ]);
  });

  it('a decline is on the timeline of both, naming who declined', async () => {
    const id = await pendingBet(t, maya, zoe, '3.00');
    await api(t, 'POST', `/api/bets/${id}/decline`, { token: zoe.token });
    expect(await texts(id, maya)).toEqual(['You created the bet', 'Zoe Park declined the challenge']);
    expect(await texts(id, zoe)).toEqual(['Maya Lopez created the bet', 'You declined the challenge']);
  });

  it('a changed decision keeps the first one, each with its own time and reason; a reversed draw refund says so', async () => {
    const id = await disputedBet(t, maya, zoe, '8.00');
    const first = await api(t, 'POST', `/api/bets/${id}/admin-resolve`, {
      token: admin.token,
      body: { winnerId: null, resolution: 'No clear evidence from either side' },
    });
    expect(first.status).toBe(200);
    const edited = await api(t, 'POST', `/api/bets/${id}/edit-resolution`, {
      token: admin.token,
      body: { winnerId: zoe.id, reason: 'The score page shows Blues won' },
    });
    expect(edited.status).toBe(200);

    const page = await pageOf(id, maya);
    expect(
      page.dispute?.decisions.map((decision) => [decision.winnerUserId, decision.reason, decision.changed]),
    ).toEqual([
      [null, 'No clear evidence from either side', false],
      [zoe.id, 'The score page shows Blues won', true],
    ]);
    const [one, two] = page.dispute?.decisions ?? [];
    expect(page.dispute?.decidedAt).toBe(two?.at);
    expect(page.dispute?.decisionReason).toBe('The score page shows Blues won');
    expect(Date.parse(two?.at ?? '')).toBeGreaterThan(Date.parse(one?.at ?? ''));
    expect(page.timeline.slice(-3).map((event) => event.text)).toEqual([
      'The reports differ: the bet went to an admin for review',
      'An admin decided it was a draw: No clear evidence from either side',
      'An admin changed the decision in favor of Zoe Park: The score page shows Blues won',
    ]);
    expect(
      page.timeline.filter((event) => event.type === 'result_submitted').map((event) => event.text),
    ).toEqual(['You reported: Reds', 'Zoe Park reported: Blues']);
    expect(page.receipts.map((receipt) => [receipt.label, receipt.amount])).toEqual([
      ['Stake into escrow', '-8.00'],
      ['Stake refunded', '8.00'],
      ['Refund reversed', '-8.00'],
    ]);
    // The activity feed tells the change as a change, not as a second first decision.
    const activities = (await api(t, 'GET', '/api/activities', { token: maya.token })).body as unknown as {
      description: string;
    }[];
    expect(activities.slice(0, 2).map((activity) => activity.description)).toEqual([
      `Admin changed the decision, bet lost: Who wins the derby?`,
      `Dispute resolved by admin as a draw, stake refunded: Who wins the derby?`,
    ]);
    const ledger = (await api(t, 'GET', '/api/wallet/transactions', { token: maya.token }))
      .body as unknown as {
      type: string;
      description: string;
    }[];
    expect(ledger.find((entry) => entry.type === 'payout_reversal')?.description).toBe(
      'Decision changed, refund taken back: Who wins the derby?',
    );
    const winner = await pageOf(id, zoe);
    expect(winner.receipts.map((receipt) => receipt.label)).toEqual([
      'Stake into escrow',
      'Stake refunded',
      'Refund reversed',
      'Payout',
    ]);
  });
});
