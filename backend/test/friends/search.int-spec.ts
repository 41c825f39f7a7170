import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { asList, befriend, search, sendRequest, setPrivacy, type Person } from './friends-helpers.js';

describe('people search and suggestions', () => {
  let t: TestApp;
  let me: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    me = await newUser(t, { username: `searcher_${Date.now().toString(36)}` });
  });

  const ids = (people: Person[]) => people.map((person) => person.id);

  it('matches the username in any letter case, never the searcher, exact username first', async () => {
    const tag = Date.now().toString(36);
    const exact = await newUser(t, { username: `Zed${tag}` });
    const longer = await newUser(t, { username: `zed${tag}_longer` });
    const mine = await search(t, me, me.username);
    expect(ids(mine)).not.toContain(me.id);

    const results = await search(t, me, `ZED${tag}`);
    expect(ids(results)).toEqual([exact.id, longer.id]);
    expect(results[0]).toEqual({
      id: exact.id,
      username: exact.username,
      firstName: null, // default profile visibility is friends
      lastName: null,
      profileImageUrl: null,
      friendshipStatus: 'none',
    });
    // From 3 characters a username matches anywhere in it, after the exact and prefix matches.
    expect(ids(await search(t, me, `${tag}`))).toEqual([exact.id, longer.id]);
  });

  it('finds "maya" in demo_maya: exact username, then prefix, then anywhere (most similar first)', async () => {
    const tag = Date.now().toString(36).slice(-5);
    const word = `maya${tag}`;
    const club = await newUser(t, { username: `the_${word}_fan_club` });
    const inside = await newUser(t, { username: `demo_${word}` });
    const prefix = await newUser(t, { username: `${word}_lopez` });
    const exact = await newUser(t, { username: word });
    const results = ids(await search(t, me, word.toUpperCase()));
    expect(results).toEqual([exact.id, prefix.id, inside.id, club.id]);
    // Two characters match the start of a username only.
    expect(ids(await search(t, me, word.slice(1, 3)))).not.toContain(inside.id);
  });

  it('finds an account by its whole phone number however it is typed, and never returns it', async () => {
    const digits = `55${Date.now().toString().slice(-8)}`;
    const owner = await newUser(t, {
      phoneNumber: `+1 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    });
    const found = await search(t, me, `1${digits}`);
    expect(ids(found)).toEqual([owner.id]);
    expect(JSON.stringify(found)).not.toContain(digits.slice(3));
    expect(
      ids(await search(t, me, `+1 ${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`)),
    ).toEqual([owner.id]);
    // Part of a number finds nothing: a number is matched whole.
    expect(ids(await search(t, me, digits.slice(0, 7)))).not.toContain(owner.id);
  });

  it('matches first and last names by prefix only where the profile is visible to the searcher', async () => {
    const tag = Date.now().toString(36);
    const open = await newUser(t, { firstName: `Quilla${tag}`, lastName: `Openshaw${tag}` });
    const closed = await newUser(t, { firstName: `Quilla${tag}`, lastName: `Closed${tag}` });
    const friend = await newUser(t, { firstName: `Quilla${tag}`, lastName: `Friendly${tag}` });
    await setPrivacy(t, open, {
      profileVisibility: 'public',
      activityVisibility: 'public',
      balanceVisibility: 'public',
    });
    await befriend(t, me, friend);
    const byFirst = await search(t, me, `quilla${tag}`);
    expect(ids(byFirst).sort()).toEqual([open.id, friend.id].sort());
    expect(byFirst.find((person) => person.id === open.id)).toMatchObject({
      firstName: `Quilla${tag}`,
      lastName: `Openshaw${tag}`,
    });
    expect(ids(await search(t, me, `OPENSHAW${tag}`))).toEqual([open.id]);
    // A hidden name cannot be probed: the closed profile is not found by its names.
    expect(ids(await search(t, me, `closed${tag}`))).toEqual([]);
    // Still found by username, with names hidden.
    expect((await search(t, me, closed.username))[0]).toMatchObject({ id: closed.id, firstName: null });
  });

  it('folds accents and letter case in names: "Zoe Park" finds Zoë Park, along an index', async () => {
    const tag = Date.now().toString(36);
    const zoe = await newUser(t, { firstName: 'Zoë', lastName: `Párk${tag}` });
    await setPrivacy(t, zoe, {
      profileVisibility: 'public',
      activityVisibility: 'public',
      balanceVisibility: 'public',
    });
    expect(ids(await search(t, me, `Zoe Park${tag}`))).toEqual([zoe.id]);
    expect(ids(await search(t, me, `ZOË PÁRK${tag}`))).toEqual([zoe.id]);
    expect(ids(await search(t, me, `park${tag}`))).toEqual([zoe.id]);

    const plan = await t.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      const rows = await manager.query<{ 'QUERY PLAN': string }[]>(
        `EXPLAIN SELECT id FROM users u
          WHERE fold_for_search(u."firstName" || ' ' || u."lastName") LIKE fold_for_search('Zoe P') || '%'`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('IDX_users_full_name_folded');
  });

  it('matches an email only whole (any letter case), and never returns emails', async () => {
    const other = await newUser(t);
    const byEmail = await search(t, me, other.email.toUpperCase());
    expect(ids(byEmail)).toEqual([other.id]);
    expect(byEmail[0]).not.toHaveProperty('email');
    expect(ids(await search(t, me, other.email.slice(0, other.email.indexOf('@') + 3)))).toEqual([]);
    expect(ids(await search(t, me, other.email.slice(0, 8)))).not.toContain(other.id);
    expect(JSON.stringify(await search(t, me, 'avery'))).not.toContain('@');
  });

  it('leaves out deleted and banned people', async () => {
    const tag = Date.now().toString(36);
    const gone = await newUser(t, { username: `gone_${tag}` });
    const banned = await newUser(t, { username: `gone_${tag}_banned` });
    const here = await newUser(t, { username: `gone_${tag}_here` });
    await t.dataSource.query(`UPDATE users SET "deletedAt" = now() WHERE id = $1`, [gone.id]);
    await t.dataSource.query(`UPDATE users SET "bannedAt" = now() WHERE id = $1`, [banned.id]);
    expect(ids(await search(t, me, `gone_${tag}`))).toEqual([here.id]);
    expect((await api(t, 'GET', `/api/users/${gone.id}`, { token: me.token })).status).toBe(404);
    expect((await api(t, 'GET', `/api/users/${banned.id}`, { token: me.token })).status).toBe(404);
  });

  it('returns at most 20 results', async () => {
    const tag = `many${Date.now().toString(36)}`;
    for (let i = 0; i < 23; i++) await newUser(t, { username: `${tag}_${String(i).padStart(2, '0')}` });
    const results = await search(t, me, tag);
    expect(results).toHaveLength(20);
    expect(results.map((person) => person.username)).toEqual(
      Array.from({ length: 20 }, (_, i) => `${tag}_${String(i).padStart(2, '0')}`),
    );
  });

  it('treats LIKE wildcards and SQL as literal text, never a 500', async () => {
    const tag = Date.now().toString(36);
    const plain = await newUser(t, { username: `pct${tag}` });
    const underscored = await newUser(t, { username: `u_${tag}` });
    const decoy = await newUser(t, { username: `ux${tag}` }); // what 'u_' would match were _ a wildcard
    for (const q of [
      "' OR 1=1 --",
      "'; DROP TABLE users; --",
      '%',
      '_',
      '%_',
      '\\',
      '\\%',
      '%%%%',
      '"',
      ')',
      '😀',
      ' ',
      '@',
      '%@%',
    ]) {
      const response = await api(t, 'GET', `/api/users/search?q=${encodeURIComponent(q)}`, {
        token: me.token,
      });
      expect(response.status).toBe(200);
      // None of these is a prefix of a real username or name (all are letters, digits and underscores).
      expect(asList<Person>(response.body)).toEqual([]);
      const suggestions = await api(t, 'GET', `/api/users/search/suggestions?q=${encodeURIComponent(q)}`, {
        token: me.token,
      });
      expect(suggestions.status).toBe(200);
    }
    // A NUL never reaches PostgreSQL: 400 naming the parameter (docs/security.md, hostile input).
    const nul = await api(t, 'GET', `/api/users/search?q=${encodeURIComponent('a\u0000b')}`, {
      token: me.token,
    });
    expect(nul.status).toBe(400);
    expect(nul.body.fields).toEqual({ q: 'q must not contain control characters' });
    // '_' matches only an underscore: "u_" finds u_<tag> and not, say, "ux...".
    expect(ids(await search(t, me, `u_${tag}`))).toEqual([underscored.id]);
    expect(ids(await search(t, me, `u%${tag}`))).toEqual([]);
    expect(ids(await search(t, me, `ux${tag}`))).toEqual([decoy.id]);
    expect(ids(await search(t, me, `pct${tag.slice(0, 2)}`))).toContain(plain.id);
    expect(ids(await search(t, me, `pct%`))).toEqual([]);
    const [{ count } = { count: 0 }] = await t.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM users`,
    );
    expect(count).toBeGreaterThan(2);
  });

  it('answers [] for empty text and 400 for text over 100 characters', async () => {
    expect(await search(t, me, '')).toEqual([]);
    expect(asList((await api(t, 'GET', '/api/users/search', { token: me.token })).body)).toEqual([]);
    const long = await api(t, 'GET', `/api/users/search?q=${'a'.repeat(101)}`, { token: me.token });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Search text must be at most 100 characters');
    const twice = await api(t, 'GET', `/api/users/search?q=a&q=b`, { token: me.token });
    expect(twice.status).toBe(400);
    expect((await api(t, 'GET', `/api/users/search?q=${'a'.repeat(100)}`, { token: me.token })).status).toBe(
      200,
    );
  });

  it('shows the friendship status of every result', async () => {
    const tag = `st${Date.now().toString(36)}`;
    const [none, sent, received, friend] = [
      await newUser(t, { username: `${tag}_a` }),
      await newUser(t, { username: `${tag}_b` }),
      await newUser(t, { username: `${tag}_c` }),
      await newUser(t, { username: `${tag}_d` }),
    ];
    if (!none || !sent || !received || !friend) throw new Error('users missing');
    await sendRequest(t, me, sent);
    await sendRequest(t, received, me);
    await befriend(t, friend, me);
    const results = await search(t, me, tag);
    expect(results.map((person) => [person.id, person.friendshipStatus])).toEqual([
      [none.id, 'none'],
      [sent.id, 'request_sent'],
      [received.id, 'request_received'],
      [friend.id, 'friends'],
    ]);
  });

  it('suggests friends of friends first (most mutual friends first), then similar usernames', async () => {
    const tag = Date.now().toString(36);
    const [f1, f2, fof1, fof2] = [await newUser(t), await newUser(t), await newUser(t), await newUser(t)];
    if (!f1 || !f2 || !fof1 || !fof2) throw new Error('users missing');
    await befriend(t, me, f1);
    await befriend(t, me, f2);
    await befriend(t, f1, fof1);
    await befriend(t, f2, fof1); // two mutual friends
    await befriend(t, f1, fof2); // one
    const similar = await newUser(t, { username: `xq${tag}` });
    const gone = await newUser(t, { username: `xq${tag}_gone` });
    await t.dataSource.query(`UPDATE users SET "bannedAt" = now() WHERE id = $1`, [gone.id]);

    const response = await api(t, 'GET', `/api/users/search/suggestions?q=xqnothing`, { token: me.token });
    expect(response.status).toBe(200);
    const suggested = asList<Person>(response.body);
    expect(ids(suggested).slice(0, 2)).toEqual([fof1.id, fof2.id]);
    expect(ids(suggested)).toContain(similar.id);
    expect(ids(suggested)).not.toContain(gone.id);
    expect(ids(suggested)).not.toContain(me.id);
    expect(ids(suggested)).not.toContain(f1.id);
    expect(suggested.length).toBeLessThanOrEqual(10);
    expect(suggested[0]).toEqual({
      id: fof1.id,
      username: fof1.username,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      friendshipStatus: 'none',
    });

    // Without text: friends of friends only.
    const bare = asList<Person>(
      (await api(t, 'GET', '/api/users/search/suggestions', { token: me.token })).body,
    );
    expect(ids(bare)).toEqual([fof1.id, fof2.id]);
  });
});
