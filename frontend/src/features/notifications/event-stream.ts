import { EventSource } from 'eventsource';
import { storedToken } from '../../lib/auth-storage';
import type { OpenLiveSource } from './live-connection';

export const EVENTS_URL = '/api/events';
const EVENT_TYPES = ['ready', 'notification', 'changed', 'circle', 'reconnect'] as const;

/**
 * GET /api/events with the same bearer header as every call (the browser's own EventSource cannot
 * send headers), and the last event id of the previous stream as Last-Event-ID (a new EventSource
 * would not know it). The token is read on each (re)connection, so a renewed one is picked up.
 */
export const openEventStream: OpenLiveSource = (callbacks, lastEventId) => {
  const source = new EventSource(EVENTS_URL, {
    withCredentials: true,
    fetch: (input, init) => {
      const token = storedToken();
      return fetch(input, {
        ...init,
        headers: {
          // The source's own Last-Event-ID, once it has seen an event, is newer than ours.
          ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
          ...init.headers,
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      });
    },
  });
  for (const type of EVENT_TYPES) {
    source.addEventListener(type, (event: MessageEvent<string>) =>
      callbacks.onEvent(type, event.data, event.lastEventId || undefined),
    );
  }
  source.addEventListener('error', (event) => callbacks.onError(event.code));
  return source;
};
