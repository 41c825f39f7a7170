import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { ACCESS_POLICY_KEY } from '../../src/common/auth/access-policy.js';
import { CirclesController } from '../../src/modules/circles/circles.controller.js';
import { FeedController } from '../../src/modules/circles/feed.controller.js';
import { befriend } from '../friends/friends-helpers.js';
import { newAdmin } from '../admin/admin-helpers.js';
import { api, type SignedUpUser } from '../support/factories.js';
import { getPicture, putPicture, testImage } from '../support/images.js';
import { SseClient } from '../support/sse-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { circleBet, circleOf, expectStatus, feed, users } from './circles-helpers.js';

interface Route {
  method: string;
  path: string;
  policy: string;
}

/** Every route of the circles controllers, read from Nest's metadata so a new one is covered too. */
function circleRoutes(): Route[] {
  const routes: Route[] = [];
  for (const type of [CirclesController, FeedController] as (new (...args: never[]) => object)[]) {
    const base = Reflect.getMetadata(PATH_METADATA, type) as string;
    const prototype = type.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
      if (path === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const policy =
        (Reflect.getMetadata(ACCESS_POLICY_KEY, handler) as string | undefined) ??
        (Reflect.getMetadata(ACCESS_POLICY_KEY, type) as string);
      routes.push({ method, path: `/api/${base}/${path}`.replace(/\/$/, ''), policy });
    }
  }
  return routes;
}

/** Routes about one circle, its items or comments: the ones only members (and admins) may reach. */
const scoped = (route: Route) => /:(id|itemId|commentId)\b/.test(route.path);

const BODIES: Record<string, unknown> = {
  'PATCH /api/circles/:id': { name: 'Taken over' },
  'POST /api/circles/:id/invitations': { userIds: ['00000000-0000-4000-8000-000000000001'] },
  'POST /api/circles/:id/join': { code: 'not-the-code-of-this-circle' },
  'PUT /api/circles/:id/members/:userId/role': { role: 'co_owner' },
  'POST /api/feed/:itemId/comments': { body: 'let me in' },
  'PATCH /api/feed/comments/:commentId': { body: 'edited by an outsider' },
  'POST /api/feed/comments/:commentId/hide': { reason: 'outsider' },
};

describe('circle privacy', () => {
  let t: TestApp;
  let owner: SignedUpUser;
  let member: SignedUpUser;
  let removed: SignedUpUser;
  let friend: SignedUpUser;
  let stranger: SignedUpUser;
  let admin: SignedUpUser;
  let circleId: string;
  let itemId: number;
  let commentId: number;

  beforeAll(async () => {
    t = await startTestApp();
    [owner, member, removed, friend, stranger] = await users(t, 5);
    admin = await newAdmin(t);
    circleId = await circleOf(t, owner, [member, removed]);
    await befriend(t, member, friend);
    await circleBet(t, circleId, owner, member, '3.00', 'open');
    itemId = (await feed(t, owner, circleId)).items[0]?.id ?? 0;
    commentId = (
      await expectStatus(
        api(t, 'POST', `/api/feed/${itemId}/comments`, { token: member.token, body: { body: 'Mine' } }),
        201,
      )
    ).body.id as number;
    const picture = await putPicture(t, await testImage('png'), {
      token: owner.token,
      path: `/api/circles/${circleId}/picture`,
    });
    if (picture.status !== 200) throw new Error(`picture upload failed: ${picture.status}`);
    await expectStatus(
      api(t, 'DELETE', `/api/circles/${circleId}/members/${removed.id}`, { token: owner.token }),
      204,
    );
  }, 120_000);
  afterAll(async () => t.close());

  const fill = (path: string, circle: string) =>
    path
      .replace(':id', circle)
      .replace(':itemId', String(itemId))
      .replace(':commentId', String(commentId))
      .replace(':userId', member.id)
      .replace(':emoji', encodeURIComponent('🔥'));

  const send = (route: Route, viewer: SignedUpUser, circle = circleId) =>
    api(t, route.method, fill(route.path, circle), {
      token: viewer.token,
      body: BODIES[`${route.method} ${route.path}`],
    });

  it('covers every circle route', () => {
    const routes = circleRoutes().filter(scoped);
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it('answers 404 to a removed member, a friend of a member and a stranger, as for no circle at all', async () => {
    const snapshot = async () =>
      t.dataSource.query<unknown[]>(
        `SELECT (SELECT row_to_json(c) FROM (SELECT name, "inviteCode", "seasonLength" FROM circles WHERE id = $1) c) AS circle,
                (SELECT json_agg(m ORDER BY "userId") FROM (SELECT "userId", role, status FROM circle_members WHERE "circleId" = $1) m) AS members,
                (SELECT json_agg(x ORDER BY id) FROM (SELECT id, body, "hiddenAt" FROM circle_comments) x) AS comments,
                (SELECT count(*) FROM circle_reactions) AS reactions,
                (SELECT count(*) FROM circle_invitations) AS invitations`,
        [circleId],
      );
    const before = await snapshot();
    const missing = '00000000-0000-4000-8000-00000000abcd';
    for (const route of circleRoutes().filter(scoped)) {
      for (const outsider of [removed, friend, stranger]) {
        const answer = await send(route, outsider);
        const expected = route.policy === 'admin' ? 403 : 404;
        if (answer.status !== expected) {
          throw new Error(`${route.method} ${route.path}: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
        if (route.path.includes(':id')) {
          const none = await send(route, outsider, missing);
          expect([route.method, route.path, none.status, none.body.code]).toEqual([
            route.method,
            route.path,
            answer.status,
            answer.body.code,
          ]);
        }
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('shows everything to members and lets admins read and moderate, not take part', async () => {
    const reads = circleRoutes().filter((route) => scoped(route) && route.method === 'GET');
    for (const route of reads) {
      for (const viewer of [owner, member, admin]) {
        const path = fill(route.path, circleId);
        const status = route.path.endsWith('/picture')
          ? (await getPicture(t, path, { authorization: `Bearer ${viewer.token}` })).status
          : (await send(route, viewer)).status;
        if (status !== 200) throw new Error(`${route.method} ${route.path} for a reader: ${status}`);
      }
    }
    await expectStatus(
      api(t, 'POST', `/api/feed/${itemId}/comments`, { token: admin.token, body: { body: 'as admin' } }),
      404,
    );
    await expectStatus(
      api(t, 'PUT', `/api/feed/${itemId}/reactions/${encodeURIComponent('👍')}`, { token: admin.token }),
      404,
    );
  });

  it('stops a removed member’s live events at once', async () => {
    const [late] = await users(t, 1);
    const code = (await api(t, 'GET', `/api/circles/${circleId}`, { token: owner.token })).body.inviteCode;
    await expectStatus(
      api(t, 'POST', `/api/circles/${circleId}/join`, { token: late?.token, body: { code } }),
      200,
    );
    const stream = await SseClient.open(t.url, late?.token ?? '');
    const watcher = await SseClient.open(t.url, member.token);
    try {
      await stream.waitFor((event) => event.event === 'ready');
      await watcher.waitFor((event) => event.event === 'ready');
      await expectStatus(
        api(t, 'DELETE', `/api/circles/${circleId}/members/${late?.id}`, { token: owner.token }),
        204,
      );
      await expectStatus(
        api(t, 'POST', `/api/feed/${itemId}/comments`, { token: owner.token, body: { body: 'after' } }),
        201,
      );
      await watcher.waitFor(
        (event) => event.event === 'circle' && (event.data as { change: string }).change === 'comment',
      );
      expect(
        stream.events.filter(
          (event) => event.event === 'circle' && (event.data as { change: string }).change === 'comment',
        ),
      ).toEqual([]);
    } finally {
      stream.close();
      watcher.close();
    }
  });
});
