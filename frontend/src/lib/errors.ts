/** An error from the API as the spec words it: "<status>: <body text>". */
export interface ApiError {
  status: number;
  message: string;
  /** The server's own `message`, when the body was our JSON error shape. */
  serverMessage?: string;
  fields?: Record<string, string>;
}

export function toApiError(status: number, statusText: string, bodyText: string): ApiError {
  let serverMessage: string | undefined;
  let fields: Record<string, string> | undefined;
  try {
    const parsed = JSON.parse(bodyText) as { message?: unknown; fields?: Record<string, string> };
    if (typeof parsed.message === 'string') serverMessage = parsed.message;
    if (parsed.fields && typeof parsed.fields === 'object') fields = parsed.fields;
  } catch {
    // not JSON: the text itself is the message
  }
  return { status, message: `${status}: ${bodyText || statusText}`, serverMessage, fields };
}

export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'status' in error && 'message' in error;
}

/**
 * The docs/product.md §8 text of any error: "<status>: <body text>" for API errors, else the error's own
 * message.
 */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

/**
 * What a toast should say: the `message` field of the server's JSON error body, else the fallback the
 * spec gives (or undefined when no fallback is passed).
 */
export function serverMessage(error: unknown): string | undefined;
export function serverMessage(error: unknown, fallback: string): string;
export function serverMessage(error: unknown, fallback?: string): string | undefined {
  if (isApiError(error)) return error.serverMessage ?? fallback;
  return fallback;
}
