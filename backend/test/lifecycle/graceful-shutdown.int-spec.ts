import { Controller, Get, Module } from '@nestjs/common';
import { Public } from '../../src/common/auth/access-policy.js';
import { drainAndClose } from '../../src/bootstrap/graceful-shutdown.js';
import { RealtimeHub } from '../../src/modules/notifications/realtime/realtime-hub.js';
import { pendingBet } from '../admin/admin-helpers.js';
import { newUser, type SignedUpUser } from '../support/factories.js';
import { SseClient } from '../support/sse-client.js';
import { startSecondInstance, startTestApp, type TestApp } from '../support/test-app.js';

/** A request the test holds open until it says so: a request in flight during a shutdown. */
const gate = { release: (): void => undefined, entered: (): void => undefined };

@Controller('probe')
class SlowProbeController {
  @Public()
  @Get('slow')
  async slow(): Promise<{ finished: true }> {
    gate.entered();
    await new Promise<void>((resolve) => (gate.release = resolve));
    return { finished: true };
  }
}

@Module({ controllers: [SlowProbeController] })
class SlowProbeModule {}

/**
 * SIGTERM on one instance of several (bootstrap/graceful-shutdown.ts): health turns `draining` so the
 * balancer moves away, requests in flight finish, live streams are told to reconnect and, reconnecting
 * elsewhere with Last-Event-ID, miss nothing.
 */
describe('graceful shutdown', () => {
  let a: TestApp;
  let alice: SignedUpUser;
  let bob: SignedUpUser;

  beforeAll(async () => {
    a = await startTestApp();
    [alice, bob] = [await newUser(a), await newUser(a)];
  });
  afterAll(async () => {
    await a?.close();
  });

  const instance = () => startSecondInstance(a, {}, {});
  const refused = (url: string) =>
    fetch(`${url}/api/health`).then(
      () => false,
      () => true,
    );

  it('finishes a request in flight before closing, and only then closes the pools', async () => {
    const b = await startTestApp({ sharedDatabaseUrl: a.databaseUrl, extraImports: [SlowProbeModule] });
    const entered = new Promise<void>((resolve) => (gate.entered = resolve));
    const inFlight = fetch(`${b.url}/api/probe/slow`);
    await entered;
    let closeDone = false;
    const closed = drainAndClose(b.app, { drainMs: 0, deadlineMs: 25_000 }).then(() => (closeDone = true));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(closeDone).toBe(false); // still waiting for the request in flight
    gate.release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closed;
    expect(closeDone).toBe(true);
  });

  it('answers health with 503 draining while still serving the requests routed to it, then stops listening', async () => {
    const b = await instance();
    expect((await fetch(`${b.url}/api/health`)).status).toBe(200);
    const closed = drainAndClose(b.app, { drainMs: 1_500, deadlineMs: 25_000 });
    const health = await fetch(`${b.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'draining' });
    // A request the balancer sent before it noticed is still served normally.
    const me = await fetch(`${b.url}/api/auth/user`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(me.status).toBe(200);
    await closed;
    expect(await refused(b.url)).toBe(true);
  });

  it('tells open live streams to reconnect; reconnecting elsewhere with Last-Event-ID replays what was missed, once', async () => {
    const b = await instance();
    const onB = await SseClient.open(b.url, bob.token);
    await onB.waitFor((event) => event.event === 'ready');
    const firstBet = await pendingBet(b, alice, bob); // no Redis here: written where bob listens
    const first = await onB.waitFor((event) => event.event === 'notification');
    expect(first.data).toMatchObject({ betId: firstBet });
    // The event's id is the stream's position: its transaction, then the notification's id.
    expect(first.id).toMatch(new RegExp(`^\\d+-${(first.data as { id: number }).id}$`));
    expect(onB.events.some((event) => event.event === 'reconnect')).toBe(false);

    const closed = drainAndClose(b.app, { drainMs: 0, deadlineMs: 25_000 });
    const told = await onB.waitFor((event) => event.event === 'reconnect');
    expect(told.id).toBe(first.id); // Last-Event-ID stays on the last notification
    await onB.ended;
    await closed;

    // While bob is away, two more notifications are written (on the surviving instance).
    const missed = [await pendingBet(a, alice, bob), await pendingBet(a, alice, bob)];
    const onA = await SseClient.open(a.url, bob.token, first.id);
    try {
      await onA.waitFor((event) => event.event === 'ready');
      await waitUntil(async () => onA.events.filter((event) => event.event === 'notification').length >= 2);
      // And a live one after the replay, through the same stream.
      const live = await pendingBet(a, alice, bob);
      await onA.waitFor(
        (event) => event.event === 'notification' && (event.data as { betId: number }).betId === live,
      );
      const received = onA.events
        .filter((event) => event.event === 'notification')
        .map((event) => (event.data as { betId: number }).betId);
      expect(received).toEqual([...missed, live]);
      expect(a.app.get(RealtimeHub).connectionCount).toBe(1);
    } finally {
      onA.close();
    }
  });

  it('a stream opened with a Last-Event-ID that is not a notification id just starts from now', async () => {
    const stream = await SseClient.open(a.url, bob.token, 'not-a-number');
    try {
      await stream.waitFor((event) => event.event === 'ready');
      const id = await pendingBet(a, alice, bob);
      const notice = await stream.waitFor((event) => event.event === 'notification');
      expect(notice.data).toMatchObject({ betId: id });
      expect(stream.events.filter((event) => event.event === 'notification')).toHaveLength(1);
    } finally {
      stream.close();
    }
  });
});

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
