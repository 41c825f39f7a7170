import { Injectable, type MessageEvent } from '@nestjs/common';
import { Observable, type Subscriber } from 'rxjs';
import type { AuthUser } from '../../../common/auth/auth-user.js';
import { DrainState } from '../../../common/lifecycle/drain-state.js';
import { SessionStore } from '../../auth/session-store.js';
import { NOTIFICATIONS_PAGE, NotificationsService } from '../notifications.service.js';
import { RealtimeHub, type LiveEvent } from './realtime-hub.js';

/** How often an idle stream says it is alive (proxies drop silent connections) and re-checks the session. */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3_000;
/** How soon a stream ended by a shutting-down instance should reconnect (through the balancer). */
const RECONNECT_RETRY_MS = 250;

/**
 * One signed-in user's live stream: `ready` once delivery is guaranteed, then their events as they
 * happen, with a heartbeat. It ends when the session does (logout, password change, ban, deletion), so a
 * revoked token stops receiving within one heartbeat. When the instance shuts down, every stream gets a
 * `reconnect` event and ends, so the client reconnects elsewhere.
 *
 * Notifications are delivered exactly once across reconnections by a cursor: every event's SSE id is the
 * newest notification id the stream has delivered (for `ready`: the user's newest when it opened, or the
 * client's Last-Event-ID). A live notification event only wakes the stream, which then reads the user's
 * notifications after its cursor from the database and sends them in id order; a reconnecting client
 * gets the same read first. NotificationsService.notify makes a user's notifications commit in id order,
 * so nothing can appear below a cursor once it has been passed, and no id is sent twice.
 */
@Injectable()
export class LiveStreams {
  /** Tests shorten it to see a revoked session end its stream without waiting 25 s. */
  heartbeatMs = HEARTBEAT_MS;
  /** Open streams and their cursors (the newest notification id each has delivered). */
  private readonly open_ = new Map<Subscriber<MessageEvent>, () => string>();

  constructor(
    private readonly hub: RealtimeHub,
    private readonly sessions: SessionStore,
    private readonly notifications: NotificationsService,
    private readonly drain: DrainState,
  ) {}

  open(user: AuthUser, lastEventId?: number): Observable<MessageEvent> {
    return new Observable<MessageEvent>((subscriber) => {
      if (this.drain.closing) {
        endWithReconnect(subscriber, lastEventId === undefined ? '' : String(lastEventId));
        return;
      }
      let stopListening: (() => void) | undefined;
      let closed = false;
      let ready = false;
      let cursor = lastEventId ?? 0;
      /** `changed` events that arrived before `ready`. */
      const early: LiveEvent[] = [];
      this.open_.set(subscriber, () => String(cursor));
      const catchUp = serialized(
        async () => {
          for (;;) {
            const page = await this.notifications.since(user.id, cursor);
            for (const notification of page) {
              if (closed) return;
              cursor = notification.id;
              subscriber.next({ type: 'notification', data: notification, id: String(cursor) });
            }
            if (page.length < NOTIFICATIONS_PAGE) return;
          }
        },
        (error) => subscriber.error(error),
      );
      const onEvent = (event: LiveEvent) => {
        if (event.type === 'notification') {
          if (ready) catchUp();
        } else if (ready) {
          // Nest would number id-less events itself; the cursor keeps Last-Event-ID meaningful.
          subscriber.next({ type: event.type, data: event.data, id: String(cursor) });
        } else early.push(event);
      };
      this.hub
        .listen(user.id, onEvent)
        .then(async (stop) => {
          if (closed) return stop();
          stopListening = stop;
          if (lastEventId === undefined) cursor = await this.notifications.latestId(user.id);
          if (closed) return;
          subscriber.next({ type: 'ready', data: {}, retry: RETRY_MS, id: String(cursor) });
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
        this.open_.delete(subscriber);
        clearInterval(heartbeat);
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
function endWithReconnect(subscriber: Subscriber<MessageEvent>, cursor: string): void {
  subscriber.next({ type: 'reconnect', data: {}, retry: RECONNECT_RETRY_MS, id: cursor });
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
