import { makeStore } from '../store/store';
import { AUTH_TOKEN_KEY, AUTH_USER_KEY, SESSION_HINT_COOKIE } from '../lib/auth-storage';
import { apiBaseQuery } from './base-api';
import { enhancedApi } from './enhanced-api';

interface FakeAnswer {
  status: number;
  statusText?: string;
  body?: string;
}

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

function answer({ status, statusText = '', body = '' }: FakeAnswer): void {
  fetchMock.mockResolvedValueOnce({
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: () => Promise.resolve(body),
  } as Response);
}

function sentHeaders(call = 0): Record<string, string> {
  return fetchMock.mock.calls[call][1].headers as Record<string, string>;
}

const queryApi = {} as Parameters<typeof apiBaseQuery>[1];

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  localStorage.clear();
});

describe('apiBaseQuery (docs/product.md §7 call conventions)', () => {
  it('always sends cookies and sets no JSON content type without a body', async () => {
    answer({ status: 200, body: '{"ok":true}' });
    const result = await apiBaseQuery('/api/bets/active', queryApi, {});
    expect(result).toEqual({ data: { ok: true } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/bets/active');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('GET');
    expect(sentHeaders()).not.toHaveProperty('Content-Type');
    expect(sentHeaders()).not.toHaveProperty('Authorization');
  });

  it('sends the stored token as a bearer header and a JSON content type with a body', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok-123');
    answer({ status: 201, body: '' });
    const result = await apiBaseQuery(
      { url: '/api/friends/request', method: 'POST', body: { addresseeId: 'u2' } },
      queryApi,
      {},
    );
    expect(result).toEqual({ data: null });
    expect(sentHeaders()).toMatchObject({
      Authorization: 'Bearer tok-123',
      'Content-Type': 'application/json',
    });
    expect(fetchMock.mock.calls[0][1].body).toBe('{"addresseeId":"u2"}');
  });

  it('sends a Blob body (a profile picture) as its bytes with its own content type', async () => {
    answer({ status: 200, body: '{"profileImageUrl":"/api/users/u1/picture?v=0123456789abcdef"}' });
    const image = new Blob([new Uint8Array([82, 73, 70, 70])], { type: 'image/webp' });
    await apiBaseQuery({ url: '/api/users/me/picture', method: 'PUT', body: image }, queryApi, {});
    expect(sentHeaders()).toMatchObject({ 'Content-Type': 'image/webp' });
    expect(fetchMock.mock.calls[0][1].body).toBe(image);
  });

  it('appends the defined query parameters and leaves out undefined ones', async () => {
    answer({ status: 200, body: '[]' });
    await apiBaseQuery(
      { url: '/api/bets/history', params: { limit: 20, before: undefined, opponentId: 'a b&c' } },
      queryApi,
      {},
    );
    expect(fetchMock.mock.calls[0][0]).toBe('/api/bets/history?limit=20&opponentId=a+b%26c');
  });

  it('turns a non-OK answer into "<status>: <body text>", or the status text when the body is empty', async () => {
    answer({ status: 400, statusText: 'Bad Request', body: '{"message":"Title is required"}' });
    answer({ status: 502, statusText: 'Bad Gateway' });
    const first = await apiBaseQuery('/api/bets', queryApi, {});
    const second = await apiBaseQuery('/api/bets', queryApi, {});
    expect(first.error).toMatchObject({
      status: 400,
      message: '400: {"message":"Title is required"}',
      serverMessage: 'Title is required',
    });
    expect(second.error).toMatchObject({ status: 502, message: '502: Bad Gateway' });
  });
});

describe('currentUser (GET /api/auth/user)', () => {
  const user = {
    id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    balance: '1000.00',
  };

  async function fetchUser() {
    const store = makeStore();
    return store.dispatch(enhancedApi.endpoints.currentUser.initiate());
  }

  it('returns the user', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok-123');
    answer({ status: 200, body: JSON.stringify(user) });
    const result = await fetchUser();
    expect(result.data).toEqual(user);
  });

  it('with a stored token, a non-OK answer is "Invalid token" and clears auth_token and auth_user', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'stale');
    localStorage.setItem(AUTH_USER_KEY, JSON.stringify(user));
    answer({ status: 500, statusText: 'Internal Server Error' });
    const result = await fetchUser();
    expect(result.error).toMatchObject({ message: 'Invalid token' });
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(AUTH_USER_KEY)).toBeNull();
  });

  it('on the cookie path, a non-OK answer is "Not authenticated"', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    try {
      answer({ status: 500, statusText: 'Internal Server Error' });
      const result = await fetchUser();
      expect(result.error).toMatchObject({ message: 'Not authenticated' });
    } finally {
      document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
    }
  });

  it('without a stored token or the session marker cookie, is no user without asking the server', async () => {
    const result = await fetchUser();
    expect(result.data).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns a 401 into no user, and clears a rejected stored token', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'stale');
    answer({ status: 401, statusText: 'Unauthorized', body: '{"message":"Unauthorized"}' });
    const result = await fetchUser();
    expect(result.error).toBeUndefined();
    expect(result.data).toBeNull();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('caches the answer: a second subscriber does not fetch again', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok-123');
    answer({ status: 200, body: JSON.stringify(user) });
    const store = makeStore();
    await store.dispatch(enhancedApi.endpoints.currentUser.initiate());
    const again = await store.dispatch(enhancedApi.endpoints.currentUser.initiate());
    expect(again.data).toEqual(user);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
