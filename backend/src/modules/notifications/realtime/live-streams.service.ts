import { Injectable, type MessageEvent } from '@nestjs/common';
import { Observable } from 'rxjs';
import type { AuthUser } from '../../../common/auth/auth-user.js';
import { SessionStore } from '../../auth/session-store.js';
import { RealtimeHub } from './realtime-hub.js';

/** How often an idle stream says it is alive (proxies drop silent connections) and re-checks the session. */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3_000;

/**
 * One signed-in user's live stream: `ready` once delivery is guaranteed, then their events as they
 * happen, with a heartbeat. It ends when the session does (logout, password change, ban, deletion), so a
 * revoked token stops receiving within one heartbeat.
 */
@Injectable()
export class LiveStreams {
  /** Tests shorten it to see a revoked session end its stream without waiting 25 s. */
  heartbeatMs = HEARTBEAT_MS;

  constructor(
    private readonly hub: RealtimeHub,
    private readonly sessions: SessionStore,
  ) {}

  open(user: AuthUser): Observable<MessageEvent> {
    return new Observable<MessageEvent>((subscriber) => {
      let stopListening: (() => void) | undefined;
      let closed = false;
      this.hub
        .listen(user.id, (event) => subscriber.next({ type: event.type, data: event.data }))
        .then((stop) => {
          if (closed) return stop();
          stopListening = stop;
          subscriber.next({ type: 'ready', data: {}, retry: RETRY_MS });
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
        clearInterval(heartbeat);
        stopListening?.();
      };
    });
  }
}
