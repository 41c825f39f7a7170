import { api, type SignedUpUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { circleBet, circleOf, expectStatus, feed, users } from './circles-helpers.js';

describe('circle feed under concurrent use', () => {
  let t: TestApp;
  let members: SignedUpUser[];
  let itemId: number;
  let circleId: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { CIRCLE_COMMENTS_PER_MINUTE: '1000' } });
    members = await users(t, 25);
    const [owner, ...rest] = members;
    if (!owner) throw new Error('no owner');
    const id = await circleOf(t, owner, rest);
    circleId = id;
    await circleBet(t, id, owner, rest[0] ?? owner, '1.00', 'open');
    itemId = (await feed(t, owner, id)).items[0]?.id ?? 0;
  }, 120_000);
  afterAll(async () => t.close());

  it('keeps reaction counts right under 50 concurrent toggles on one item', async () => {
    const heart = encodeURIComponent('❤️');
    const fire = encodeURIComponent('🔥');
    // 25 people each put a heart on twice (the second changes nothing) and a fire on, then off: 100 requests.
    const answers = await Promise.all(
      members.flatMap((member) => [
        api(t, 'PUT', `/api/feed/${itemId}/reactions/${heart}`, { token: member.token }),
        api(t, 'PUT', `/api/feed/${itemId}/reactions/${heart}`, { token: member.token }),
      ]),
    );
    expect(answers.map((answer) => answer.status).every((status) => status === 200)).toBe(true);
    const fires = await Promise.all(
      members
        .slice(0, 10)
        .map((member) => api(t, 'PUT', `/api/feed/${itemId}/reactions/${fire}`, { token: member.token })),
    );
    expect(fires.every((answer) => answer.status === 200)).toBe(true);
    const [owner] = members;
    if (!owner) throw new Error('no owner');
    const off = await Promise.all(
      members
        .slice(0, 4)
        .map((member) => api(t, 'DELETE', `/api/feed/${itemId}/reactions/${fire}`, { token: member.token })),
    );
    expect(off.every((answer) => answer.status === 200)).toBe(true);
    const reactions = (
      await expectStatus(api(t, 'PUT', `/api/feed/${itemId}/reactions/${heart}`, { token: owner.token }), 200)
    ).body.reactions as { emoji: string; count: number }[];
    expect(reactions.map((reaction) => [reaction.emoji, reaction.count])).toEqual([
      ['❤️', 25],
      ['🔥', 6],
    ]);
  });

  it('keeps every one of 50 concurrent comments, counted once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        const member = members[index % members.length];
        return api(t, 'POST', `/api/feed/${itemId}/comments`, {
          token: member?.token,
          body: { body: `Comment number ${index}` },
        });
      }),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(50);
    const [owner] = members;
    const page = await feed(t, owner, circleId);
    const item = page.items.find((entry) => entry.id === itemId) as unknown as { commentCount: number };
    expect(item.commentCount).toBe(50);
    const bodies = new Set<string>();
    let before: number | null = null;
    do {
      const listed = await expectStatus(
        api(t, 'GET', `/api/feed/${itemId}/comments?limit=50${before ? `&before=${before}` : ''}`, {
          token: owner?.token,
        }),
        200,
      );
      for (const comment of listed.body.items as { body: string }[]) bodies.add(comment.body);
      before = listed.body.nextBefore as number | null;
    } while (before !== null);
    expect(bodies.size).toBe(50);
  });
});
