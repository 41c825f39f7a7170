import { Injectable, type MessageEvent } from '@nestjs/common';
import { Observable, type Subscriber } from 'rxjs';
import type { AuthUser } from '../../../common/auth/auth-user.js';
import { TooManyRequestsError } from '../../../common/errors/domain-error.js';
import { DrainState } from '../../../common/lifecycle/drain-state.js';
import { AppConfig } from '../../../config/app-config.js';
import { SessionStore } from '../../auth/index.js';
import { NotificationsService } from '../notifications.service.js';
import { formatCursor, parseCursor, type LiveCursor } from './live-cursor.js';
import { RealtimeHub, type LiveEvent } from './realtime-hub.js';

/** How often an idle stream says it is alive (proxies drop silent connections) and re-checks the session. */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3_000;
/** How soon a stream ended by a shutting-down instance should reconnect (through the balancer). */
const RECONNECT_RETRY_MS = 250;
/**
 * How soon a stream reads again when notifications were held back behind a transaction still running
 * (it doubles while they stay held, up to the last): write transactions here last milliseconds.
 */
const HELD_RETRY_MS = [5, 20, 100, 500];
/** Said in the `reconnect` event of a stream closed because its person opened more than the cap allows. */
export const SUPERSEDED = 'superseded';

/**
 * A stream's place under the caps from the moment its request is admitted: counted before Nest subscribes
 * (a flood of requests must not all pass the check before any of them is open), ended early if evicted.
 */
interface StreamSlot {
  userId: string;
  /** Set once subscribed; ends the stream with a `reconnect` event. */
  end: ((reason: string) => void) | null;
  /** Evicted before it was subscribed: it ends as soon as it opens. */
  evicted: boolean;
}

/**
 * One signed-in user's live stream: `ready` once delivery is guaranteed, then their events as they
 * happen, with a heartbeat. It ends when the session does (logout, password change, ban, deletion), so a
 * revoked token stops receiving within one heartbeat. When the instance shuts down, every stream gets a
 * `reconnect` event and ends, so the client reconnects elsewhere.
 *
 * Notifications are delivered exactly once across reconnections by a cursor (LiveCursor): every event's
 * SSE id is the position of the newest notification the stream has delivered (for `ready`: where it
 * starts, or the client's Last-Event-ID). A live notification event only wakes the stream, which then
 * reads the person's notifications after its cursor from the database (NotificationsService.since) and
 * sends them in (txid, id) order; a reconnecting client gets the same read first. That read returns only
 * rows no later commit can sort before, so nothing appears behind a cursor once it has been passed and
 * nothing is sent twice; rows held back because an older transaction is still running are read again
 * shortly (HELD_RETRY_MS).
 */
@Injectable()
export class LiveStreams {
  /** Tests shorten it to see a revoked session end its stream without waiting 25 s. */
  heartbeatMs = HEARTBEAT_MS;
  /** Open streams and their cursors (the newest notification each has delivered, as its SSE id). */
  private readonly open_ = new Map<Subscriber<MessageEvent>, () => string>();
  /** Admitted streams per person, oldest first (LIVE_STREAMS_PER_USER), and their total (…_PER_INSTANCE). */
  private readonly slots = new Map<string, StreamSlot[]>();
  private slotCount = 0;

  constructor(
    private readonly hub: RealtimeHub,
    private readonly sessions: SessionStore,
    private readonly notifications: NotificationsService,
    private readonly drain: DrainState,
    private readonly config: AppConfig,
  ) {}

  /**
   * Opens a stream within the caps: a person's oldest stream is closed (`reconnect`, reason `superseded`)
   * when they open one more than LIVE_STREAMS_PER_USER, since a person rarely has that many tabs and a
   * stream a phone lost without closing stays counted until its next write fails; a full instance refuses
   * the new one with a 429 (its client backs off, a balancer may place it elsewhere). Throws before any
   * answer is written, so the 429 is a plain HTTP answer.
   */
  open(user: AuthUser, lastEventId?: string): Observable<MessageEvent> {
    if (this.slotCount >= this.config.LIVE_STREAMS_PER_INSTANCE) {
      throw new TooManyRequestsError(
        'Too many live connections on this server. The app reconnects by itself shortly.',
        'live_streams_full',
      );
    }
    const slot: StreamSlot = { userId: user.id, end: null, evicted: false };
    const mine = this.slots.get(user.id) ?? [];
    this.slots.set(user.id, mine);
    mine.push(slot);
    this.slotCount += 1;
    for (const oldest of mine.splice(0, Math.max(0, mine.length - this.config.LIVE_STREAMS_PER_USER))) {
      this.slotCount -= 1;
      oldest.evicted = true;
      oldest.end?.(SUPERSEDED);
    }
    return this.stream(user, slot, parseCursor(lastEventId));
  }

  /** Gives the slot back once its stream is over (idempotent: an evicted slot was given back already). */
  private release(slot: StreamSlot): void {
    const mine = this.slots.get(slot.userId);
    const index = mine?.indexOf(slot) ?? -1;
    if (!mine || index < 0) return;
    mine.splice(index, 1);
    this.slotCount -= 1;
    if (mine.length === 0) this.slots.delete(slot.userId);
  }

  private stream(
    user: AuthUser,
    slot: StreamSlot,
    resumeFrom: LiveCursor | { id: number } | undefined,
  ): Observable<MessageEvent> {
    return new Observable<MessageEvent>((subscriber) => {
      const initialId = resumeFrom && 'txid' in resumeFrom ? formatCursor(resumeFrom) : '';
      if (this.drain.closing || slot.evicted) {
        this.release(slot);
        endWithReconnect(subscriber, initialId, slot.evicted ? SUPERSEDED : undefined);
        return;
      }
      let stopListening: (() => void) | undefined;
      let closed = false;
      let ready = false;
      let cursor: LiveCursor | null = resumeFrom && 'txid' in resumeFrom ? resumeFrom : null;
      let heldRetry: ReturnType<typeof setTimeout> | undefined;
      let heldRetries = 0;
      /** `changed` events that arrived before `ready`. */
      const early: LiveEvent[] = [];
      const cursorId = () => (cursor ? formatCursor(cursor) : initialId);
      this.open_.set(subscriber, cursorId);
      slot.end = (reason) => endWithReconnect(subscriber, cursorId(), reason);
      const catchUp = serialized(
        async () => {
          for (;;) {
            if (!cursor) return;
            const page = await this.notifications.since(user.id, cursor);
            for (const { cursor: position, notification } of page.ready) {
              if (closed) return;
              cursor = position;
              subscriber.next({ type: 'notification', data: notification, id: formatCursor(cursor) });
            }
            if (page.held) {
              if (page.ready.length > 0) heldRetries = 0;
              const delay = HELD_RETRY_MS[Math.min(heldRetries, HELD_RETRY_MS.length - 1)];
              heldRetries += 1;
              if (!closed && heldRetry === undefined) {
                heldRetry = setTimeout(() => {
                  heldRetry = undefined;
                  catchUp();
                }, delay);
              }
              return;
            }
            heldRetries = 0;
            if (!page.full) return;
          }
        },
        (error) => subscriber.error(error),
      );
      const onEvent = (event: LiveEvent) => {
        if (event.type === 'notification') {
          if (ready) catchUp();
        } else if (ready) {
          // Nest would number id-less events itself; the cursor keeps Last-Event-ID meaningful.
          subscriber.next({ type: event.type, data: event.data, id: cursorId() });
        } else early.push(event);
      };
      this.hub
        .listen(user.id, onEvent)
        .then(async (stop) => {
          if (closed) return stop();
          stopListening = stop;
          if (!cursor && resumeFrom) cursor = await this.notifications.cursorAt(user.id, resumeFrom.id);
          if (!cursor) cursor = await this.notifications.startCursor();
          if (closed) return;
          subscriber.next({ type: 'ready', data: {}, retry: RETRY_MS, id: formatCursor(cursor) });
          ready = true;
          catchUp(); // what the client missed (Last-Event-ID), and whatever was announced before `ready`
          for (const event of early.splice(0)) onEvent(event);
        })
        .catch((error: unknown) => subscriber.error(error));
      const heartbeat = setInterval(() => {
        this.sessions
          .find(user.sessionId)
          .then((session) => (session ? subscriber.next({ comment: 'ping' }) : subscriber.complete()))
          .catch(() => subscriber.next({ comment: 'ping' }));
      }, this.heartbeatMs);
      return () => {
        closed = true;
        this.release(slot);
        this.open_.delete(subscriber);
        clearInterval(heartbeat);
        clearTimeout(heldRetry);
        stopListening?.();
      };
    });
  }

  /** Tells every open stream to reconnect (elsewhere) and ends it; returns how many there were. */
  endAll(): number {
    const streams = [...this.open_];
    for (const [subscriber, cursor] of streams) endWithReconnect(subscriber, cursor());
    return streams.length;
  }
}

/** `cursor` is repeated as the id so the client's Last-Event-ID stays where it was. */
function endWithReconnect(subscriber: Subscriber<MessageEvent>, cursor: string, reason?: string): void {
  subscriber.next({
    type: 'reconnect',
    data: reason ? { reason } : {},
    retry: RECONNECT_RETRY_MS,
    id: cursor,
  });
  subscriber.complete();
}

/**
 * Runs `task` one at a time: a call while it runs makes it run once more afterwards (however many calls
 * came in meanwhile), so every wake-up is followed by a complete run.
 */
function serialized(task: () => Promise<void>, onError: (error: unknown) => void): () => void {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    task()
      .catch(onError)
      .finally(() => {
        running = false;
        if (again) run();
      });
  };
  return run;
}
