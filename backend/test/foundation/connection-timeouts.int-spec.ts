import { connect, type Socket } from 'node:net';
import { api, newUser } from '../support/factories.js';
import { RealtimeHub } from '../../src/modules/notifications/realtime/realtime-hub.js';
import { SseClient } from '../support/sse-client.js';
import { startSecondInstance, startTestApp, type TestApp } from '../support/test-app.js';

/** A raw TCP connection to the app, with what it received and whether it has ended. */
interface RawConnection {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

async function rawConnection(t: TestApp): Promise<RawConnection> {
  const { hostname, port } = new URL(t.url);
  const socket = connect(Number(port), hostname);
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  // Bounded far above the deadlines under test, so a connection that never ends fails the test, not the run.
  const closed = new Promise<void>((resolve) => {
    const bound = setTimeout(resolve, 20_000);
    socket.once('close', () => {
      clearTimeout(bound);
      resolve();
    });
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, received: () => text, closed };
}

/** Writes one byte of `text` at a time, every `everyMs`, until it is all sent or the connection ends. */
function trickle(connection: RawConnection, text: string, everyMs: number): { sent: () => number } {
  let sent = 0;
  const timer = setInterval(() => {
    if (connection.socket.destroyed || sent >= text.length) {
      clearInterval(timer);
      return;
    }
    connection.socket.write(text[sent] ?? '');
    sent += 1;
  }, everyMs);
  void connection.closed.then(() => clearInterval(timer));
  return { sent: () => sent };
}

/** Deadlines short enough for a test; the defaults are in the README's configuration table. */
describe('every connection ends', () => {
  let t: TestApp;
  /**
   * The same database behind the default deadlines, where people sign up: a fetch to `t` may reuse a kept-alive
   * socket that `t`'s short idle timeout is closing at that moment, a failure of the client's pool, not of
   * what is under test.
   */
  let front: TestApp;

  beforeAll(async () => {
    front = await startTestApp();
    t = await startSecondInstance(front, {
      HTTP_HEADERS_TIMEOUT_MS: '800',
      HTTP_REQUEST_TIMEOUT_MS: '1500',
      HTTP_IDLE_TIMEOUT_MS: '1200',
    });
  });
  afterAll(async () => {
    await t.close();
    await front.close();
  });

  it('closes a connection that sends nothing, one whose headers trickle in, and one whose body does', async () => {
    const silent = await rawConnection(t);
    const slowHeaders = await rawConnection(t);
    const headers = trickle(
      slowHeaders,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(500)}\r\n\r\n`,
      50,
    );
    const slowBody = await rawConnection(t);
    const body = JSON.stringify({ emailOrUsername: 'someone', password: 'x'.repeat(400) });
    slowBody.socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const bodyBytes = trickle(slowBody, body, 50);
    // A crowd holding sockets open the same ways, as an attacker would.
    const crowd = await Promise.all(Array.from({ length: 100 }, () => rawConnection(t)));
    crowd
      .slice(50)
      .forEach((connection) =>
        trickle(connection, `GET /api/health HTTP/1.1\r\nX-Padding: ${'a'.repeat(500)}`, 100),
      );

    // Meanwhile the app answers everyone else.
    const healthy = await Promise.all(Array.from({ length: 20 }, () => api(t, 'GET', '/api/health')));
    expect(healthy.map((answer) => answer.status)).toEqual(healthy.map(() => 200));

    await Promise.all([silent.closed, slowHeaders.closed, slowBody.closed, ...crowd.map((c) => c.closed)]);
    const crowdEnded = crowd.filter((connection) => connection.socket.closed).length;
    for (const connection of crowd) connection.socket.destroy();
    expect(crowdEnded).toBe(100);
    const ends = [silent, slowHeaders, slowBody].map((connection) => connection.socket.closed);
    for (const connection of [silent, slowHeaders, slowBody]) connection.socket.destroy();
    expect(ends).toEqual([true, true, true]);
    expect(silent.received()).toMatch(/^(HTTP\/1\.1 408 |$)/);
    // Each was ended by its deadline, long before it could finish what it was sending.
    expect(headers.sent()).toBeLessThan(400);
    expect(bodyBytes.sent()).toBeLessThan(body.length);
    expect(slowBody.received()).toMatch(/^(HTTP\/1\.1 408 |$)/);
  });

  it('keeps a live stream open past the idle timeout (its heartbeat keeps it alive, not silence)', async () => {
    const user = await newUser(front);
    const stream = await SseClient.open(t.url, user.token);
    let ended = false;
    void stream.ended.then(() => (ended = true));
    try {
      await stream.waitFor((event) => event.event === 'ready');
      // A silent connection opened after the stream has ended by the time this resolves: past the idle timeout.
      const silent = await rawConnection(t);
      await silent.closed;
      const silentEnded = silent.socket.closed;
      silent.socket.destroy();
      expect(silentEnded).toBe(true);
      expect(ended).toBe(false);
      expect(t.app.get(RealtimeHub).connectionCount).toBe(1);
    } finally {
      stream.close();
    }
  });
});
