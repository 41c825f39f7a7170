import { setupServer } from 'msw/node';

/**
 * The API as page tests see it: Mock Service Worker answering at the network level, so the app's own
 * RTK Query endpoints, base query and error handling run unchanged. Each test file calls `withApiServer()` at its top
 * and adds the answers it needs with `apiServer.use(http.get('/api/…', …))`.
 */
export const apiServer = setupServer();

/**
 * Starts the server for the file's tests and refuses any request no handler answers (a page asking for
 * something the test did not expect is a failure, not a silent network error).
 */
export function withApiServer(): void {
  const nodeFetch = globalThis.fetch;
  beforeAll(() => {
    // The app calls fetch('/api/…') as a browser does; Node's fetch needs the page's origin to resolve it.
    globalThis.fetch = (input, init) =>
      nodeFetch(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
    apiServer.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => apiServer.resetHandlers());
  afterAll(() => {
    apiServer.close();
    globalThis.fetch = nodeFetch;
  });
}
