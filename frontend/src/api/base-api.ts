import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { storedToken } from '../lib/auth-storage';
import { toApiError, type ApiError } from '../lib/errors';

export { errorMessage, serverMessage, type ApiError } from '../lib/errors';

export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** Query parameters (the generated endpoints' `params`); undefined and null ones are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
}

/** `url` with its defined query parameters appended. */
function withParams(url: string, params: RequestArgs['params']): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {}))
    if (value !== undefined && value !== null) search.append(name, String(value));
  const query = search.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/**
 * docs/product.md §7: cookies always sent; the stored token as a bearer header; a JSON content type only when a
 * body is sent; any non-OK answer becomes "<status>: <body text>". A Blob body (a profile picture) is
 * sent as its bytes with its own type.
 */
export const apiBaseQuery: BaseQueryFn<string | RequestArgs, unknown, ApiError> = async (args) => {
  const request: RequestArgs = typeof args === 'string' ? { url: args } : args;
  const headers: Record<string, string> = { ...request.headers };
  const token = storedToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const isBlob = request.body instanceof Blob;
  if (request.body !== undefined)
    headers['Content-Type'] = isBlob ? (request.body as Blob).type : 'application/json';
  let response: Response;
  try {
    response = await fetch(withParams(request.url, request.params), {
      method: request.method ?? 'GET',
      credentials: 'include',
      headers,
      body:
        request.body === undefined
          ? undefined
          : isBlob
            ? (request.body as Blob)
            : JSON.stringify(request.body),
    });
  } catch {
    return { error: { status: 0, message: '0: Network error. Check your connection and try again.' } };
  }
  const text = await response.text();
  if (!response.ok) return { error: toApiError(response.status, response.statusText, text) };
  if (!text) return { data: null };
  try {
    return { data: JSON.parse(text) as unknown };
  } catch {
    return { data: text };
  }
};

/**
 * The one API slice. Its endpoints are generated from the OpenAPI document (`generated.ts`); their tags and
 * hand-kept behaviour are added in `enhanced-api.ts`, where the app imports its hooks from.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  // Never stale, never collected (docs/product.md §7: reads are cached indefinitely); RTK treats Infinity as
  // 'keep'.
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});
