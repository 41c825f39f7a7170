import { Clock } from '../../src/common/clock.js';
import { AdminService } from '../../src/modules/admin/admin.service.js';
import { SuspensionExpiryJob } from '../../src/modules/admin/jobs/suspension-expiry.job.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import {
  activeBet,
  asList,
  itemsOf,
  betBody,
  countRows,
  moderate,
  newAdmin,
  pendingBet,
} from './admin-helpers.js';

const DAY = 86_400_000;

interface Notice {
  action: string;
  reason: string;
  duration: number | null;
  expiresAt: string | null;
  automatic: boolean;
  createdAt: string;
}

describe('admin moderation', () => {
  let t: TestApp;
  let admin: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await newAdmin(t);
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    jest.restoreAllMocks();
    await expectMoneyInvariants(t.dataSource);
  });

  const post = (body: Record<string, unknown>, token = admin.token) =>
    api(t, 'POST', '/api/admin/moderation-action', { token, body });
  const login = (user: SignedUpUser) =>
    api(t, 'POST', '/api/auth/login', { body: { emailOrUsername: user.username, password: user.password } });
  const notices = async (user: SignedUpUser) => {
    const response = await api(t, 'GET', '/api/moderation/notices', { token: user.token });
    expect(response.status).toBe(200);
    return asList<Notice>(response.body);
  };
  const moderationRows = (userId: string) =>
    t.dataSource.query<{ action: string; adminId: string; reason: string; duration: number | null }[]>(
      `SELECT action, "adminId", reason, duration FROM user_moderation_actions WHERE "userId" = $1 ORDER BY id`,
      [userId],
    );
  const auditRows = (userId: string) =>
    t.dataSource.query<{ action: string; adminId: string; reason: string; metadata: unknown }[]>(
      `SELECT action, "adminId", reason, metadata FROM admin_audit_log WHERE "targetId" = $1 ORDER BY id`,
      [userId],
    );
  /** Moves the server's clock; HTTP calls are made with the real clock again (tokens stay valid). */
  const at = async <T>(time: Date, work: () => Promise<T>): Promise<T> => {
    const spy = jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(time);
    try {
      return await work();
    } finally {
      spy.mockRestore();
    }
  };

  const valid = { userId: 'someone', action: 'warn', reason: 'A long enough reason' };

  it.each([
    [{ ...valid, userId: undefined }, 'User ID is required'],
    [{ ...valid, userId: '  ' }, 'User ID is required'],
    [{ ...valid, action: undefined }, 'Action must be one of warn, suspend, unsuspend, ban, unban'],
    [{ ...valid, action: 'kick' }, 'Action must be one of warn, suspend, unsuspend, ban, unban'],
    [{ ...valid, reason: undefined }, 'Reason must be at least 10 characters'],
    [{ ...valid, reason: 'too short' }, 'Reason must be at least 10 characters'],
    [{ ...valid, action: 'suspend', duration: 1.5 }, 'Duration must be a whole number of days'],
    [{ ...valid, action: 'suspend', duration: 'soon' }, 'Duration must be a whole number of days'],
    [{ ...valid, action: 'suspend', duration: 0 }, 'Duration must be at least 1 day'],
    [{ ...valid, action: 'suspend', duration: 4000 }, 'Duration must be at most 3650 days'],
  ])('refuses %j with its message', async (body, message) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('answers 404 for an unknown user and refuses to moderate an administrator', async () => {
    expect((await post({ ...valid, userId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    const other = await newAdmin(t);
    for (const action of ['warn', 'suspend', 'ban']) {
      const response = await post({ ...valid, userId: other.id, action });
      expect([response.status, response.body.message]).toEqual([403, 'Administrators cannot be moderated']);
    }
    expect(await moderationRows(other.id)).toEqual([]);
  });

  it('warns: recorded, audited, and the user sees the notice', async () => {
    const user = await newUser(t);
    const response = await moderate(t, admin, user.username, 'warn', 'Please keep it friendly');
    expect(response.body).toEqual({ action: 'warn', userId: user.id, expiresAt: null });
    expect(await moderationRows(user.id)).toEqual([
      { action: 'warn', adminId: admin.id, reason: 'Please keep it friendly', duration: null },
    ]);
    expect(await auditRows(user.id)).toMatchObject([
      { action: 'moderation_warn', adminId: admin.id, reason: 'Please keep it friendly' },
    ]);
    expect(await notices(user)).toMatchObject([
      { action: 'warn', reason: 'Please keep it friendly', automatic: false, expiresAt: null },
    ]);
    // Until there is a notifications table the warning is also a line in the user's activity feed.
    const feed = asList<{ description: string }>(
      (await api(t, 'GET', '/api/activities', { token: user.token })).body,
    );
    expect(feed[0]?.description).toBe('Warning from an administrator: Please keep it friendly');
    // Nothing else changes: the warned user can still bet.
    expect((await api(t, 'POST', '/api/bets', { token: user.token, body: betBody(admin) })).status).toBe(201);
    // Other users never see someone else's notices.
    expect(await notices(await newUser(t))).toEqual([]);
  });

  it('bans: sign-in refused and the old token dead at once; unban restores sign-in', async () => {
    const user = await newUser(t);
    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(200);
    await moderate(t, admin, user.id, 'ban', 'Abusive behaviour in chat');
    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(401);
    expect(await countRows(t, `SELECT 1 FROM sessions WHERE sess->>'userId' = $1`, [user.id])).toBe(0);
    const refused = await login(user);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'This account has been banned. Contact support if you think this is a mistake.',
    );
    const listed = itemsOf<{ id: string; bannedAt: string | null }>(
      (await api(t, 'GET', `/api/admin/users?q=${user.username}`, { token: admin.token })).body,
    );
    expect(listed.find((row) => row.id === user.id)?.bannedAt).toEqual(expect.any(String));

    await moderate(t, admin, user.id, 'unban', 'Appeal was accepted');
    // The token revoked by the ban stays revoked; signing in again works.
    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(401);
    const again = await login(user);
    expect(again.status).toBe(200);
    const fresh = { ...user, token: again.body.token as string };
    expect((await notices(fresh)).map((notice) => notice.action)).toEqual(['unban', 'ban']);
    expect((await auditRows(user.id)).map((row) => row.action)).toEqual([
      'moderation_ban',
      'moderation_unban',
    ]);
  });

  it('suspends creating, accepting and reporting bets and sending friend requests; the user can still sign in', async () => {
    const [user, friend, stranger] = [await newUser(t), await newUser(t), await newUser(t)];
    const toAccept = await pendingBet(t, friend, user);
    const toReport = await activeBet(t, friend, user);
    const response = await moderate(t, admin, user.id, 'suspend', 'Cooling off period', 2);
    expect(Date.parse(String(response.body.expiresAt)) - Date.now()).toBeGreaterThan(2 * DAY - 60_000);

    const create = await api(t, 'POST', '/api/bets', { token: user.token, body: betBody(friend) });
    expect([create.status, create.body.message]).toEqual([
      403,
      'Your account is suspended, so you cannot do this right now.',
    ]);
    const accept = await api(t, 'POST', `/api/bets/${toAccept}/accept`, {
      token: user.token,
      body: { opponentPick: 'Blues' },
    });
    expect(accept.status).toBe(403);
    const report = await api(t, 'POST', `/api/bets/${toReport}/submit-result`, {
      token: user.token,
      body: { result: user.id },
    });
    expect(report.status).toBe(403);
    const request = await api(t, 'POST', '/api/friends/request', {
      token: user.token,
      body: { addresseeId: stranger.id },
    });
    expect(request.status).toBe(403);
    expect((await login(user)).status).toBe(200);
    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(200);
    expect(await notices(user)).toMatchObject([{ action: 'suspend', duration: 2, automatic: false }]);
  });

  it('lifts a suspension by itself when its time passes (clock injected), attributed to the suspending admin', async () => {
    const [user, other] = [await newUser(t), await newUser(t)];
    const suspender = await newAdmin(t);
    await moderate(t, suspender, user.id, 'suspend', 'Two day suspension', 2);
    const job = t.app.get(SuspensionExpiryJob);

    // A day later it still holds.
    await at(new Date(Date.now() + DAY), () => job.run());
    expect((await api(t, 'POST', '/api/bets', { token: user.token, body: betBody(other) })).status).toBe(403);

    // Three days later the scheduled job lifts it, once.
    await at(new Date(Date.now() + 3 * DAY), () => job.run());
    expect(
      await at(new Date(Date.now() + 3 * DAY), () => t.app.get(AdminService).liftExpiredSuspensions()),
    ).toBe(0);
    expect((await api(t, 'POST', '/api/bets', { token: user.token, body: betBody(other) })).status).toBe(201);

    expect(await moderationRows(user.id)).toEqual([
      { action: 'suspend', adminId: suspender.id, reason: 'Two day suspension', duration: 2 },
      {
        action: 'unsuspend',
        adminId: suspender.id,
        reason: 'Suspension period ended (lifted automatically)',
        duration: null,
      },
    ]);
    expect(await auditRows(user.id)).toEqual([
      expect.objectContaining({ action: 'moderation_suspend', adminId: suspender.id }),
      expect.objectContaining({
        action: 'moderation_unsuspend',
        adminId: suspender.id,
        metadata: { automatic: true },
      }),
    ]);
    expect((await notices(user))[0]).toMatchObject({ action: 'unsuspend', automatic: true });
    const [row] = await t.dataSource.query<{ suspendedUntil: Date | null }[]>(
      `SELECT "suspendedUntil" FROM users WHERE id = $1`,
      [user.id],
    );
    expect(row?.suspendedUntil).toBeNull();
  });

  it('lifts each expired suspension exactly once when job runs race', async () => {
    const users = [await newUser(t), await newUser(t), await newUser(t)];
    for (const user of users) await moderate(t, admin, user.id, 'suspend', 'Racing job suspension', 1);
    const when = new Date(Date.now() + 2 * DAY);
    const due = await countRows(t, `SELECT 1 FROM users WHERE "suspendedUntil" <= $1`, [when]);
    expect(due).toBeGreaterThanOrEqual(users.length);
    const lifted = await at(when, () =>
      Promise.all(Array.from({ length: 4 }, () => t.app.get(AdminService).liftExpiredSuspensions())),
    );
    // The every-minute job shares the app's clock: when a minute turns inside this window it is a fifth racer
    // and may lift some or all of them itself, so "exactly once" is read from each user's moderation rows.
    expect(lifted.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(due);
    for (const user of users) {
      expect((await moderationRows(user.id)).map((row) => row.action)).toEqual(['suspend', 'unsuspend']);
    }
  });

  it('suspends indefinitely without a duration: only unsuspend lifts it', async () => {
    const [user, other] = [await newUser(t), await newUser(t)];
    const response = await moderate(t, admin, user.id, 'suspend', 'Until further notice');
    expect(response.body.expiresAt).toBe('9999-12-31T00:00:00.000Z');
    await at(new Date(Date.now() + 3650 * DAY), () => t.app.get(SuspensionExpiryJob).run());
    expect((await api(t, 'POST', '/api/bets', { token: user.token, body: betBody(other) })).status).toBe(403);
    const listed = itemsOf<{ id: string; suspendedUntil: string | null }>(
      (await api(t, 'GET', `/api/admin/users?q=${user.username}`, { token: admin.token })).body,
    );
    expect(listed.find((row) => row.id === user.id)?.suspendedUntil).toBe('9999-12-31T00:00:00.000Z');

    await moderate(t, admin, user.id, 'unsuspend', 'Lifted after review');
    expect((await api(t, 'POST', '/api/bets', { token: user.token, body: betBody(other) })).status).toBe(201);
    expect((await auditRows(user.id)).map((row) => row.action)).toEqual([
      'moderation_suspend',
      'moderation_unsuspend',
    ]);
  });

  it('keeps moderation notices to their own user and requires sign-in', async () => {
    expect((await api(t, 'GET', '/api/moderation/notices')).status).toBe(401);
  });
});
