import type { AppNotification, ChangeTopic, CircleLiveChange } from './types';

/** What an open stream reports; `status` is the HTTP status of a refused connection, if any. */
export interface LiveSourceCallbacks {
  /** `id`: the event's SSE id — the newest notification id the stream has delivered. */
  onEvent(type: string, data: string, id?: string): void;
  onError(status: number | undefined): void;
}

/**
 * Opens the stream (GET /api/events), sending `lastEventId` as Last-Event-ID when given so the server
 * first replays the notifications written since; the real one is `openEventStream`, tests pass a fake.
 */
export type OpenLiveSource = (callbacks: LiveSourceCallbacks, lastEventId?: string) => { close(): void };

export interface LiveHandlers {
  onStatus(connected: boolean): void;
  /** `reconnected`: this is not the first connection, so events may have been missed meanwhile. */
  onReady(reconnected: boolean): void;
  onNotification(notification: AppNotification): void;
  onChanged(topics: ChangeTopic[]): void;
  /** Something new in one of the viewer's circles' feeds (an item, a comment, a reaction). */
  onCircle?(change: CircleLiveChange): void;
  /** The server refused the session (401/403): the caller re-checks who is signed in. */
  onUnauthorized(): void;
}

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/**
 * After the server's `reconnect` event (its instance is shutting down; the balancer sends the next
 * connection elsewhere): a quarter to half a second, spread so its streams do not all come back at once.
 */
export const RECONNECT_SOON_MS = 250;

/** Exponential backoff with jitter: about 1 s, 2 s, 4 s ... capped at 30 s. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

function parse(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}

/**
 * Keeps one live stream open until the returned function is called. Every failure (network, server
 * restart, refused session) closes the source and opens a new one after a growing delay; the
 * source's own fixed 3 s retry is never used. A `reconnect` event (the instance is shutting down)
 * opens the next one soon, without counting as a failure. Each new connection sends the last event id
 * seen, so notifications written in between are replayed, each once.
 */
export function connectLive(
  open: OpenLiveSource,
  handlers: LiveHandlers,
  timers: { set: typeof setTimeout; clear: typeof clearTimeout } = { set: setTimeout, clear: clearTimeout },
  random: () => number = Math.random,
): () => void {
  let source: { close(): void } | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let connectedBefore = false;
  let stopped = false;
  let lastEventId: string | undefined;

  const reconnectAfter = (delay: number) => {
    source?.close();
    source = null;
    if (retry === null) retry = timers.set(connect, delay);
  };

  const connect = () => {
    retry = null;
    // A closed source may still report; only the current one counts.
    let current = true;
    const opened = open(
      {
        onEvent(type, data, id) {
          if (!current || stopped) return;
          if (id) lastEventId = id;
          if (type === 'ready') {
            attempt = 0;
            handlers.onStatus(true);
            handlers.onReady(connectedBefore);
            connectedBefore = true;
          } else if (type === 'notification') {
            const notification = parse(data);
            if (notification && typeof notification === 'object' && 'id' in notification) {
              handlers.onNotification(notification as AppNotification);
            }
          } else if (type === 'changed') {
            const payload = parse(data) as { topics?: unknown } | null;
            if (Array.isArray(payload?.topics)) handlers.onChanged(payload.topics as ChangeTopic[]);
          } else if (type === 'circle') {
            const change = parse(data) as Partial<CircleLiveChange> | null;
            if (typeof change?.circleId === 'string' && typeof change.itemId === 'number') {
              handlers.onCircle?.(change as CircleLiveChange);
            }
          } else if (type === 'reconnect') {
            current = false;
            // Closed for a newer stream of the same person (more tabs than the server's cap): coming back
            // at once would close another tab's stream, and so on round the tabs, so wait the longest backoff.
            const superseded = (parse(data) as { reason?: unknown } | null)?.reason === 'superseded';
            reconnectAfter(
              superseded
                ? reconnectDelay(Number.POSITIVE_INFINITY, random)
                : Math.round(RECONNECT_SOON_MS * (1 + random())),
            );
          }
        },
        onError(status) {
          if (!current || stopped) return;
          current = false;
          handlers.onStatus(false);
          if (status === 401 || status === 403) handlers.onUnauthorized();
          reconnectAfter(reconnectDelay(attempt++, random));
        },
      },
      lastEventId,
    );
    source = opened;
  };

  connect();
  return () => {
    stopped = true;
    if (retry !== null) timers.clear(retry);
    source?.close();
    source = null;
  };
}

/**
 * `open` loaded on first use: the stream's EventSource client (the `eventsource` package, ~7 kB gzip) is not
 * needed to draw the first screen, so it stays out of the first visit's JavaScript. A failed download counts
 * as a dropped connection, which connectLive retries.
 */
export function loadedOnFirstUse(load: () => Promise<OpenLiveSource>): OpenLiveSource {
  return (callbacks, lastEventId) => {
    let source: { close(): void } | undefined;
    let closed = false;
    load().then(
      (open) => {
        if (!closed) source = open(callbacks, lastEventId);
      },
      () => {
        if (!closed) callbacks.onError(undefined);
      },
    );
    return {
      close() {
        closed = true;
        source?.close();
      },
    };
  };
}
