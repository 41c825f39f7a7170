import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { befriend, makeAdmin, search, sendRequest, setPrivacy, type Visibility } from './friends-helpers.js';

type Relation = 'stranger' | 'friend' | 'request sent' | 'admin';

/**
 * Whether the searcher may see the person's names (docs/product.md, "Finding people"): the same rule the
 * profile follows. A pending request is not a friendship.
 */
const NAMES_SEEN: Record<Visibility, Record<Relation, boolean>> = {
  public: { stranger: true, friend: true, 'request sent': true, admin: true },
  friends: { stranger: false, friend: true, 'request sent': false, admin: true },
  private: { stranger: false, friend: false, 'request sent': false, admin: true },
};

const CASES = (Object.keys(NAMES_SEEN) as Visibility[]).flatMap((visibility) =>
  (Object.keys(NAMES_SEEN[visibility]) as Relation[]).map(
    (relation) => [visibility, relation, NAMES_SEEN[visibility][relation]] as const,
  ),
);

describe('people search within privacy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  let n = 0;
  async function pair(visibility: Visibility, relation: Relation) {
    n += 1;
    const tag = `${Date.now().toString(36)}${n}`;
    const person = await newUser(t, { firstName: `Ottilie${tag}`, lastName: `Quarry${tag}` });
    const searcher = await newUser(t);
    await setPrivacy(t, person, {
      profileVisibility: visibility,
      activityVisibility: 'private',
      balanceVisibility: 'private',
    });
    if (relation === 'friend') await befriend(t, searcher, person);
    if (relation === 'request sent') await sendRequest(t, searcher, person);
    if (relation === 'admin') await makeAdmin(t, searcher);
    return { person, searcher, first: `Ottilie${tag}`, last: `Quarry${tag}` };
  }

  it.each(CASES)(
    'profile %s, searcher a %s: names found and shown = %s',
    async (visibility, relation, seen) => {
      const { person, searcher, first, last } = await pair(visibility, relation);
      const expectedNames = seen ? { firstName: first, lastName: last } : { firstName: null, lastName: null };

      for (const text of [first, last.toLowerCase(), `${first} ${last.slice(0, 4)}`]) {
        const byName = await search(t, searcher, text);
        expect(byName.map((found) => found.id)).toEqual(seen ? [person.id] : []);
      }
      // The username and the whole email always find the account first, showing only what privacy allows.
      for (const text of [person.username, person.email]) {
        const [found] = await search(t, searcher, text);
        expect(found).toMatchObject({ id: person.id, username: person.username, ...expectedNames });
        if (!seen) expect(found?.profileImageUrl).toBeNull();
        expect(JSON.stringify(found)).not.toContain('@example.com');
      }
    },
  );
});

describe('people search rate limit', () => {
  let t: TestApp;
  let me: SignedUpUser;
  let other: SignedUpUser;
  beforeAll(async () => {
    t = await startTestApp({ env: { SEARCHES_PER_MINUTE: '5' } });
    me = await newUser(t);
    other = await newUser(t);
  });
  afterAll(async () => t.close());

  it('allows SEARCHES_PER_MINUTE searches a minute per user, then 429 with Retry-After; others unaffected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await api(t, 'GET', `/api/users/search?q=probe${i}`, { token: me.token })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await api(t, 'GET', '/api/users/search?q=probe5', { token: me.token });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'search_rate_limited',
      message: 'Too many searches. Please wait a minute and try again.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The fallback suggestions count against the same limit: no way around it.
    expect((await api(t, 'GET', '/api/users/search/suggestions?q=pr', { token: me.token })).status).toBe(429);
    // Another person's searches have their own counter.
    expect((await api(t, 'GET', '/api/users/search?q=probe', { token: other.token })).status).toBe(200);
    // Signed out: 401 before any counting.
    expect((await api(t, 'GET', '/api/users/search?q=probe')).status).toBe(401);
  });
});
