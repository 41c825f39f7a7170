import { type ServerEvent, SseClient } from '../../support/sse-client.js';

/** A browser's pause before reconnecting after the server's `reconnect` (retry: 250) or a broken stream. */
const RECONNECT_PAUSE_MS = 250;

/**
 * A user's live stream as the browser keeps it (frontend/src/features/notifications/live-connection.ts):
 * whenever a stream ends — the instance said `reconnect` as it drained, or it died and the connection broke
 * — a new one is opened through the balancer with `Last-Event-ID` set to the last id seen. Every
 * notification received is counted by id, on purpose without de-duplication: a notification delivered
 * twice (once live, once replayed) shows up as a count of 2.
 */
export class ResumingStream {
  /** Connections opened, including the first. */
  connections = 0;
  /**
   * The cursor of the first `ready` (`<txid>-<id>`): notifications after it in (txid, id) order are the ones
   * this stream must deliver.
   */
  firstCursor = '0-0';
  /** Notification id -> how many times it arrived, on the connections that have ended. */
  private readonly counted = new Map<number, number>();
  private lastEventId: string | undefined;
  private current: SseClient | null = null;
  private stopped = false;
  /** Per connection: when it opened, with which Last-Event-ID, and which ids it brought. */
  private readonly log: string[] = [];
  private readonly running: Promise<void>;

  private constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    firstReady: () => void,
  ) {
    this.running = this.keepOpen(firstReady);
  }

  /** Resolves once the first stream has said `ready` (from then on, nothing meant for the user is missed). */
  static async open(baseUrl: string, token: string): Promise<ResumingStream> {
    let ready!: () => void;
    const first = new Promise<void>((resolve) => (ready = resolve));
    const stream = new ResumingStream(baseUrl, token, ready);
    await first;
    return stream;
  }

  /** Notification id -> how many times it arrived so far, over all connections (the open one too). */
  received(): Map<number, number> {
    const all = new Map(this.counted);
    countNotifications(this.current?.events ?? [], all);
    return all;
  }

  /** Where the stream stands, for failure messages. */
  describe(): object {
    const received = [...this.received().keys()].sort((a, b) => a - b);
    return {
      firstCursor: this.firstCursor,
      lastEventId: this.lastEventId,
      connections: this.connections,
      received: received.slice(-12),
      log: this.log.slice(-12),
    };
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.current?.close();
    await this.running;
  }

  private async keepOpen(firstReady: () => void): Promise<void> {
    let ready = false;
    while (!this.stopped) {
      let client: SseClient | null = null;
      try {
        client = await SseClient.open(this.baseUrl, this.token, this.lastEventId);
        this.connections += 1;
        this.current = client;
        if (client.response.status !== 200) client.close();
        else if (!ready) {
          // A draining instance ends a new stream at once with `reconnect`, before any `ready`.
          const opened = client;
          const first = await Promise.race([
            opened.waitFor((event) => event.event === 'ready', 60_000),
            opened.ended.then(() => opened.events.find((event) => event.event === 'ready')),
          ]);
          if (first) {
            this.firstCursor = first.id ?? '0-0';
            ready = true;
            firstReady();
          }
        }
        await client.ended;
      } catch {
        // The balancer or the instance went away while connecting: try again, as EventSource does.
      } finally {
        if (client) {
          client.close();
          this.current = null;
          countNotifications(client.events, this.counted);
          const kinds = client.events.map((event) => `${event.event}:${event.id ?? ''}`).join(' ');
          this.log.push(`${new Date().toISOString()} from ${this.lastEventId ?? '-'}: ${kinds}`);
          const last = client.events.findLast((event) => event.id !== undefined);
          if (last) this.lastEventId = last.id;
        }
      }
      if (!this.stopped) await new Promise((resolve) => setTimeout(resolve, RECONNECT_PAUSE_MS));
    }
  }
}

function countNotifications(events: ServerEvent[], into: Map<number, number>): void {
  for (const event of events) {
    if (event.event !== 'notification') continue;
    const id = (event.data as { id: number }).id;
    into.set(id, (into.get(id) ?? 0) + 1);
  }
}
