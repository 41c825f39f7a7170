import { Injectable, type MessageEvent } from '@nestjs/common';
import { Observable, type Subscriber } from 'rxjs';
import type { AuthUser } from '../../../common/auth/auth-user.js';
import { DrainState } from '../../../common/lifecycle/drain-state.js';
import { SessionStore } from '../../auth/session-store.js';
import { NotificationsService } from '../notifications.service.js';
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
 * revoked token stops receiving within one heartbeat. Every event's SSE id is the newest notification
 * id the stream has delivered (for `ready`: the user's newest when it opened); a client reconnecting
 * with `Last-Event-ID` first gets the notifications it missed (newer than that id), then live ones, each
 * once. When the instance shuts
 * down, every stream gets a `reconnect` event and ends, so the client reconnects elsewhere.
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
      // Until the missed notifications are replayed, live ones wait here (in order); ids already sent
      // by the replay are not sent twice.
      let held: LiveEvent[] | null = [];
      const replayed = new Set<number>();
      let cursor = lastEventId ?? 0;
      this.open_.set(subscriber, () => String(cursor));
      const send = (event: LiveEvent, replay = false) => {
        if (event.type === 'notification') {
          if (replay) replayed.add(event.data.id);
          else if (replayed.has(event.data.id)) return;
          if (lastEventId !== undefined && event.data.id <= lastEventId) return;
          cursor = Math.max(cursor, event.data.id);
        }
        // Nest would number id-less events itself; the cursor keeps Last-Event-ID meaningful.
        subscriber.next({ type: event.type, data: event.data, id: String(cursor) });
      };
      this.hub
        .listen(user.id, (event) => (held ? held.push(event) : send(event)))
        .then(async (stop) => {
          if (closed) return stop();
          stopListening = stop;
          const missed =
            lastEventId === undefined ? [] : await this.notifications.since(user.id, lastEventId);
          if (lastEventId === undefined) cursor = await this.notifications.latestId(user.id);
          if (closed) return;
          subscriber.next({ type: 'ready', data: {}, retry: RETRY_MS, id: String(cursor) });
          for (const notification of missed) send({ type: 'notification', data: notification }, true);
          const waiting = held ?? [];
          held = null;
          for (const event of waiting) send(event);
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
