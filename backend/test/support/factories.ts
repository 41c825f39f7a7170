import type { TestApp } from './test-app.js';

/** Any running app the tests talk to over HTTP: an in-process test app or a spawned built one. */
export type Reachable = Pick<TestApp, 'url'>;

let counter = 0;

export interface SignupInput {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
  phoneNumber?: string;
  birthday: string;
  state: string;
}

/** A valid sign-up body; every call gives a new unique person unless overridden. */
export function newSignup(overrides: Partial<SignupInput> = {}): SignupInput {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    firstName: 'Avery',
    lastName: 'Stone',
    email: `avery${tag}@example.com`,
    username: `avery_${tag}`,
    password: 'Secret@123',
    confirmPassword: 'Secret@123',
    birthday: '1990-04-12',
    state: 'Oregon',
    ...overrides,
  };
}

export interface SignedUpUser {
  id: string;
  token: string;
  email: string;
  username: string;
  password: string;
}

export async function api(
  t: Reachable,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${t.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { text };
  }
  return { status: response.status, body, headers: response.headers };
}

/** Signs a new user up through the real endpoint. */
export async function newUser(t: Reachable, overrides: Partial<SignupInput> = {}): Promise<SignedUpUser> {
  const input = newSignup(overrides);
  // Through the front door from 127.0.0.1: test apps raise AUTH_ATTEMPTS_PER_MINUTE (see startTestApp).
  const response = await api(t, 'POST', '/api/auth/signup', { body: input });
  if (response.status !== 201)
    throw new Error(`signup failed: ${response.status} ${JSON.stringify(response.body)}`);
  const user = response.body.user as { id: string };
  return {
    id: user.id,
    token: response.body.token as string,
    email: input.email,
    username: input.username,
    password: input.password,
  };
}
