import { EventSource } from 'eventsource';
import { storedToken } from '../../lib/auth-storage';
import type { OpenLiveSource } from './live-connection';

export const EVENTS_URL = '/api/events';
const EVENT_TYPES = ['ready', 'notification', 'changed'] as const;

/**
 * GET /api/events with the same bearer header as every call (the browser's own EventSource cannot
 * send headers). The token is read on each (re)connection, so a renewed one is picked up.
 */
export const openEventStream: OpenLiveSource = (callbacks) => {
  const source = new EventSource(EVENTS_URL, {
    withCredentials: true,
    fetch: (input, init) => {
      const token = storedToken();
      return fetch(input, {
        ...init,
        headers: token ? { ...init.headers, Authorization: `Bearer ${token}` } : init.headers,
      });
    },
  });
  for (const type of EVENT_TYPES) {
    source.addEventListener(type, (event: MessageEvent<string>) => callbacks.onEvent(type, event.data));
  }
  source.addEventListener('error', (event) => callbacks.onError(event.code));
  return source;
};
