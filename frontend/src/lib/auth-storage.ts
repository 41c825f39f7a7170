/** Browser storage keys of docs/product.md §9. */
export const AUTH_TOKEN_KEY = 'auth_token';
export const AUTH_USER_KEY = 'auth_user';

export function storedToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeAuth(token: string, user: unknown): void {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
  localStorage.setItem(AUTH_USER_KEY, JSON.stringify(user));
}

export function clearAuth(): void {
  localStorage.removeItem(AUTH_TOKEN_KEY);
  localStorage.removeItem(AUTH_USER_KEY);
}

/** The readable marker the server sets next to its httpOnly session cookie (backend auth-cookie.ts). */
export const SESSION_HINT_COOKIE = 'betwixt.signed-in';

/**
 * Whether this browser may hold a session: a stored token, or the server's session marker cookie.
 * Without either, asking GET /api/auth/user could only answer 401 (a console error on every signed-out visit).
 */
export function mayHaveSession(): boolean {
  if (storedToken() !== null) return true;
  try {
    return document.cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
  } catch {
    return false;
  }
}
