/** The one JSON shape of every error answer; `message` is what the client shows after "status: ". */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
  fields?: Record<string, string>;
  requestId?: string;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorBody(statusCode: number, message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { statusCode, error: REASONS[statusCode] ?? 'Error', message, ...extra };
}
