import { encodeCursor, INVALID_CURSOR } from '../../src/common/http/cursor.js';
import { befriend } from '../friends/friends-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { disputedBet, moderate, newAdmin } from './admin-helpers.js';

type Cursor = string | number | null;
interface Page<T> {
  items: T[];
  nextBefore: Cursor;
  total?: number;
}

/**
 * The lists that grow are paged by a keyset cursor (docs/performance.md, "Paging"): walking them page by page
 * gives every row once, in order, even when rows are added between two pages; limits and cursors are checked.
 */
describe('cursor paging of the growing lists', () => {
  let t: TestApp;
  let admin: SignedUpUser;
  let alice: SignedUpUser;
  let bob: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, alice, bob] = [await newAdmin(t), await newUser(t), await newUser(t)];
  });
  afterAll(async () => t.close());

  const get = async <T>(path: string, token: string): Promise<Page<T>> => {
    const response = await api(t, 'GET', path, { token });
    expect(response.status).toBe(200);
    return response.body as unknown as Page<T>;
  };

  /** Every page of `path` from the first on, running `between` once after the first page. */
  async function walk<T>(
    path: string,
    token: string,
    between: () => Promise<unknown> = async () => undefined,
  ): Promise<{ rows: T[]; pages: number }> {
    const rows: T[] = [];
    let before: Cursor = null;
    let pages = 0;
    do {
      const separator = path.includes('?') ? '&' : '?';
      const page: Page<T> = await get<T>(
        before === null ? path : `${path}${separator}before=${encodeURIComponent(String(before))}`,
        token,
      );
      rows.push(...page.items);
      before = page.nextBefore;
      pages += 1;
      if (pages === 1) await between();
    } while (before !== null && pages < 100);
    return { rows, pages };
  }

  const ids = (rows: { id: string | number }[]) => rows.map((row) => row.id);

  it('walks the audit log newest first by id, without overlap or gap while entries are added', async () => {
    for (const reason of ['Audit paging one', 'Audit paging two', 'Audit paging three', 'Audit paging four']) {
      await moderate(t, admin, alice.id, 'warn', reason);
    }
    const before = await t.dataSource.query<{ id: number }[]>(`SELECT id FROM admin_audit_log ORDER BY id DESC`);
    const { rows, pages } = await walk<{ id: number }>('/api/admin/audit-log?limit=2', admin.token, () =>
      moderate(t, admin, bob.id, 'warn', 'Recorded between two pages'),
    );
    expect(ids(rows)).toEqual(before.map((row) => row.id));
    expect(pages).toBe(Math.ceil(before.length / 2));
    // The entry recorded meanwhile heads the next first page.
    const [newest] = (await get<{ reason: string }>('/api/admin/audit-log?limit=1', admin.token)).items;
    expect(newest?.reason).toBe('Recorded between two pages');
  });

  it('walks the users list newest first by (createdAt, id), to the microsecond, while people sign up', async () => {
    const twins = [await newUser(t), await newUser(t), await newUser(t)];
    // Same millisecond, different microseconds, and an exact tie: only the full key tells them apart.
    await t.dataSource.query(
      `UPDATE users SET "createdAt" = CASE id WHEN $1::uuid THEN '2001-01-01T00:00:00.000001Z'::timestamptz
                                             ELSE '2001-01-01T00:00:00.000002Z'::timestamptz END
        WHERE id = ANY($2::uuid[])`,
      [twins[0]?.id, twins.map((user) => user.id)],
    );
    const truth = await t.dataSource.query<{ id: string }[]>(
      `SELECT id FROM users WHERE "deletedAt" IS NULL ORDER BY "createdAt" DESC, id DESC`,
    );
    const { rows } = await walk<{ id: string }>('/api/admin/users?limit=2', admin.token, () => newUser(t));
    expect(ids(rows)).toEqual(truth.map((row) => row.id));
  });

  it('walks disputed bets and resolved disputes by (resolutionDate, id), ties included', async () => {
    const disputed: number[] = [];
    for (let i = 0; i < 5; i += 1) disputed.push(await disputedBet(t, alice, bob, '2.00'));
    const tied = disputed.slice(0, 3);
    await t.dataSource.query(
      `UPDATE bets SET "resolutionDate" = '2001-06-01T12:00:00.000000Z' WHERE id = ANY($1::int[])`,
      [tied],
    );
    const open = async () =>
      (
        await t.dataSource.query<{ id: number }[]>(
          `SELECT id FROM bets WHERE status = 'disputed' ORDER BY "resolutionDate" DESC, id DESC`,
        )
      ).map((row) => row.id);
    const expected = await open();
    const walked = await walk<{ id: number }>('/api/admin/disputed-bets?limit=2', admin.token, () =>
      disputedBet(t, alice, bob, '2.00'),
    );
    expect(ids(walked.rows)).toEqual(expected);

    for (const id of disputed.slice(1, 4)) {
      const resolved = await api(t, 'POST', `/api/bets/${id}/admin-resolve`, {
        token: admin.token,
        body: { winnerId: alice.id, resolution: 'Decided from the evidence both sent' },
      });
      expect(resolved.status).toBe(200);
    }
    await t.dataSource.query(
      `UPDATE bets SET "resolutionDate" = '2001-06-01T12:00:00.000000Z' WHERE id = ANY($1::int[])`,
      [disputed.slice(1, 4)],
    );
    const resolvedTruth = (
      await t.dataSource.query<{ id: number }[]>(
        `SELECT id FROM bets WHERE status = 'completed' AND "resolutionType" = 'admin'
          ORDER BY "resolutionDate" DESC, id DESC`,
      )
    ).map((row) => row.id);
    const resolvedWalk = await walk<{ id: number }>('/api/admin/resolved-disputes?limit=1', admin.token);
    expect(ids(resolvedWalk.rows)).toEqual(resolvedTruth);
    expect(resolvedWalk.pages).toBe(resolvedTruth.length);
    expect(ids(await walk<{ id: number }>('/api/admin/disputed-bets?limit=100', admin.token).then((w) => w.rows)))
      .toEqual(await open());
  });

  it('walks the friends list by username, people without one last, while friends are added', async () => {
    const me = await newUser(t);
    const friends = [await newUser(t), await newUser(t), await newUser(t), await newUser(t)];
    for (const friend of friends) await befriend(t, me, friend);
    // A person who has not picked a username yet (signed up through the identity provider) sorts last.
    await t.dataSource.query(`UPDATE users SET username = NULL WHERE id = $1`, [friends[0]?.id]);
    const late = await newUser(t);
    const { rows } = await walk<{ id: string; username: string | null }>('/api/friends?limit=2', me.token, () =>
      befriend(t, me, late),
    );
    const seen = ids(rows);
    expect(new Set(seen).size).toBe(seen.length);
    for (const friend of friends) expect(seen).toContain(friend.id);
    expect(rows.at(-1)?.username).toBeNull();
    const named = rows.filter((row) => row.username !== null).map((row) => row.username?.toLowerCase() ?? '');
    expect(named).toEqual([...named].sort());
    expect((await get<{ id: string }>('/api/friends?limit=2', me.token)).total).toBe(friends.length + 1);
  });

  it.each([
    ['/api/friends', 1000],
    ['/api/admin/users', 200],
    ['/api/admin/audit-log', 200],
    ['/api/admin/disputed-bets', 100],
    ['/api/admin/resolved-disputes', 100],
  ])('bounds the limit of %s to 1..%d', async (path, max) => {
    const token = path === '/api/friends' ? alice.token : admin.token;
    for (const bad of ['0', String(max + 1), 'ten', '1.5']) {
      const response = await api(t, 'GET', `${path}?limit=${bad}`, { token });
      expect(response.status).toBe(400);
    }
    expect((await api(t, 'GET', `${path}?limit=${max}`, { token })).status).toBe(200);
  });

  const badCursors = [
    'not a cursor!',
    'x'.repeat(601),
    encodeCursor(['2030-06-01T12:00:00.000000Z']),
    encodeCursor(['2030-02-30T12:00:00.000000Z', '1']),
    encodeCursor(['2030-06-01T12:00:00.000Z', '1']),
    encodeCursor(['2030-06-01T12:00:00.000000Z', '99999999999']),
    encodeCursor(['2030-06-01T12:00:00.000000Z', 'not-a-uuid']),
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from('not json').toString('base64url'),
  ];
  it.each(['/api/friends', '/api/admin/users', '/api/admin/disputed-bets', '/api/admin/resolved-disputes'])(
    'refuses a bad cursor on %s with a 400 that says what to send',
    async (path) => {
      const token = path === '/api/friends' ? alice.token : admin.token;
      for (const bad of badCursors) {
        const response = await api(t, 'GET', `${path}?before=${encodeURIComponent(bad)}`, { token });
        expect([path, bad, response.status]).toEqual([path, bad, 400]);
        expect(response.body.message).toBe(INVALID_CURSOR);
      }
    },
  );

  it('refuses an audit log cursor that is no entry id', async () => {
    for (const bad of ['abc', '0', '-3', '1.5', '9007199254740993']) {
      const response = await api(t, 'GET', `/api/admin/audit-log?before=${bad}`, { token: admin.token });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('before must be an audit entry id');
    }
  });
});
