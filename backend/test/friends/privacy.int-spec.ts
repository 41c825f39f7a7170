import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import {
  itemsOf,
  befriend,
  makeAdmin,
  search,
  setPrivacy,
  type Person,
  type Visibility,
} from './friends-helpers.js';

type Relation = 'self' | 'friend' | 'stranger' | 'admin';

/**
 * docs/product.md §10 (accounts), written out rather than computed: public = everyone signed in,
 * friends = accepted friends,
 * private = only the user; admins see all.
 */
const SEES: Record<Visibility, Record<Relation, boolean>> = {
  public: { self: true, friend: true, stranger: true, admin: true },
  friends: { self: true, friend: true, stranger: false, admin: true },
  private: { self: true, friend: false, stranger: false, admin: true },
};

const CASES: [Visibility, Relation, boolean][] = (['public', 'friends', 'private'] as const).flatMap(
  (visibility) =>
    (['self', 'friend', 'stranger', 'admin'] as const).map((relation): [Visibility, Relation, boolean] => [
      visibility,
      relation,
      SEES[visibility][relation],
    ]),
);

interface Profile extends Person {
  state: string | null;
  memberSince: string | null;
  balance: string | null;
  stats: { won: number; lost: number } | null;
}

interface BetView {
  creator: Person;
  opponent: Person | null;
}

describe('privacy: each visibility x viewer relation', () => {
  let t: TestApp;
  /** The person whose settings are under test, and the viewer standing in each relation to them. */
  const subjects = new Map<Visibility, { subject: SignedUpUser; viewers: Record<Relation, SignedUpUser> }>();
  /** Per visibility and relation: a bet the viewer may see in which the subject takes part. */
  const bets = new Map<string, number>();
  let firstNameTag: string;

  const createBet = async (creator: SignedUpUser, opponent: SignedUpUser): Promise<number> => {
    const response = await api(t, 'POST', '/api/bets', {
      token: creator.token,
      body: {
        opponentId: opponent.id,
        amount: '5.00',
        title: 'Privacy bet',
        description: '',
        outcomes: ['Yes', 'No'],
        duration: 168,
        creatorPick: 'Yes',
        resolutionType: 'mutual',
      },
    });
    if (response.status !== 201)
      throw new Error(`bet failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.id as number;
  };

  beforeAll(async () => {
    t = await startTestApp();
    firstNameTag = `Pv${Date.now().toString(36)}`;
    const admin = await newUser(t);
    await makeAdmin(t, admin);
    for (const visibility of ['public', 'friends', 'private'] as const) {
      const subject = await newUser(t, {
        firstName: `${firstNameTag}${visibility}`,
        lastName: 'Subject',
        state: 'Vermont',
      });
      const friend = await newUser(t);
      const stranger = await newUser(t);
      const other = await newUser(t);
      await befriend(t, subject, friend);
      // The admin is also the subject's friend, so the subject appears in the admin's friends list.
      await befriend(t, admin, subject);
      subjects.set(visibility, { subject, viewers: { self: subject, friend, stranger, admin } });
      // Bets each viewer can see with the subject in them (strangers see only their own bets).
      bets.set(`${visibility}:self`, await createBet(subject, other));
      bets.set(`${visibility}:friend`, await createBet(friend, subject));
      bets.set(`${visibility}:stranger`, await createBet(stranger, subject));
      bets.set(`${visibility}:admin`, await createBet(other, subject));
      await setPrivacy(t, subject, {
        profileVisibility: visibility,
        activityVisibility: visibility,
        balanceVisibility: visibility,
      });
    }
  });
  afterAll(async () => t.close());

  const setup = (visibility: Visibility) => {
    const entry = subjects.get(visibility);
    if (!entry) throw new Error('missing setup');
    return entry;
  };
  const expectNames = (
    person: Person | undefined,
    subject: SignedUpUser,
    visibility: Visibility,
    shown: boolean,
  ) => {
    expect(person).toEqual({
      id: subject.id,
      username: subject.username,
      firstName: shown ? `${firstNameTag}${visibility}` : null,
      lastName: shown ? 'Subject' : null,
      profileImageUrl: null,
      ...(person && 'friendshipStatus' in person ? { friendshipStatus: person.friendshipStatus } : {}),
    });
  };

  it.each(CASES)('search: %s profile seen by %s -> names shown: %s', async (visibility, relation, shown) => {
    const { subject, viewers } = setup(visibility);
    const viewer = viewers[relation];
    const byUsername = (await search(t, viewer, subject.username)).find((person) => person.id === subject.id);
    const byName = (await search(t, viewer, `${firstNameTag}${visibility}`)).find(
      (person) => person.id === subject.id,
    );
    if (relation === 'self') {
      // Nobody finds themself.
      expect(byUsername).toBeUndefined();
      expect(byName).toBeUndefined();
      return;
    }
    expectNames(byUsername, subject, visibility, shown);
    // A name can only find someone whose name the viewer may see.
    if (shown) expectNames(byName, subject, visibility, true);
    else expect(byName).toBeUndefined();
  });

  // Only friends have the subject in their friends list (the admin here is a friend too).
  const FRIENDS_LIST_CASES = CASES.map(
    ([visibility, relation, shown]): [Visibility, Relation, boolean | 'absent'] => [
      visibility,
      relation,
      relation === 'self' || relation === 'stranger' ? 'absent' : shown,
    ],
  );

  it.each(FRIENDS_LIST_CASES)(
    'friends list: %s profile seen by %s -> names shown: %s',
    async (visibility, relation, shown) => {
      const { subject, viewers } = setup(visibility);
      const response = await api(t, 'GET', '/api/friends', { token: viewers[relation].token });
      expect(response.status).toBe(200);
      type Listed = Person & { friendshipId?: string; since?: string };
      const listed = itemsOf<Listed>(response.body).find((person) => person.id === subject.id);
      if (shown === 'absent') {
        expect(listed).toBeUndefined();
        return;
      }
      expect(listed).toMatchObject({
        friendshipStatus: 'friends',
        friendshipId: expect.any(String) as string,
      });
      const { friendshipId: _id, since: _since, ...person } = listed ?? ({} as Listed);
      expectNames(person, subject, visibility, shown);
    },
  );

  it.each(CASES)('profile: %s settings seen by %s -> visible: %s', async (visibility, relation, shown) => {
    const { subject, viewers } = setup(visibility);
    const response = await api(t, 'GET', `/api/users/${subject.id}`, { token: viewers[relation].token });
    expect(response.status).toBe(200);
    const profile = response.body as unknown as Profile;
    expect(profile).toEqual({
      id: subject.id,
      username: subject.username,
      firstName: shown ? `${firstNameTag}${visibility}` : null,
      lastName: shown ? 'Subject' : null,
      profileImageUrl: null,
      state: shown ? 'Vermont' : null,
      memberSince: shown ? (expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string) : null,
      // The subject created one pending 5.00 bet (in escrow); the three challenges received take nothing yet.
      balance: shown ? '995.00' : null,
      stats: shown ? { won: 0, lost: 0 } : null,
      friendshipStatus: relation === 'friend' || relation === 'admin' ? 'friends' : 'none',
    });
  });

  it.each(CASES)(
    'bet view: %s profile seen by %s -> names shown: %s',
    async (visibility, relation, shown) => {
      const { subject, viewers } = setup(visibility);
      const id = bets.get(`${visibility}:${relation}`);
      const response = await api(t, 'GET', `/api/bets/${String(id)}`, { token: viewers[relation].token });
      expect(response.status).toBe(200);
      const bet = response.body as unknown as BetView;
      const party = bet.creator.id === subject.id ? bet.creator : bet.opponent;
      expectNames(party ?? undefined, subject, visibility, shown);
    },
  );

  it('gates each field by its own setting', async () => {
    const subject = await newUser(t, { firstName: 'Mixed', state: 'Ohio' });
    const friend = await newUser(t);
    const stranger = await newUser(t);
    await befriend(t, subject, friend);
    await setPrivacy(t, subject, {
      profileVisibility: 'private',
      activityVisibility: 'public',
      balanceVisibility: 'friends',
    });
    const asFriend = (await api(t, 'GET', `/api/users/${subject.id}`, { token: friend.token })).body;
    expect(asFriend).toMatchObject({
      firstName: null,
      state: null,
      memberSince: null,
      balance: '1000.00',
      stats: { won: 0, lost: 0 },
      friendshipStatus: 'friends',
    });
    const asStranger = (await api(t, 'GET', `/api/users/${subject.id}`, { token: stranger.token })).body;
    expect(asStranger).toMatchObject({ firstName: null, balance: null, stats: { won: 0, lost: 0 } });
  });

  it('answers 404 for unknown or malformed user ids', async () => {
    const { viewers } = setup('public');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', "1' OR '1'='1"]) {
      const response = await api(t, 'GET', `/api/users/${encodeURIComponent(id)}`, {
        token: viewers.friend.token,
      });
      expect(response.status).toBe(404);
    }
  });
});
