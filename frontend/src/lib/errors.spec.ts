import { errorMessage, serverMessage, toApiError } from './errors';

describe('toApiError', () => {
  it('formats "status: body text" and extracts our JSON message', () => {
    const error = toApiError(
      400,
      'Bad Request',
      '{"statusCode":400,"message":"Title is required","fields":{"title":"Title is required"}}',
    );
    expect(error.message).toBe(
      '400: {"statusCode":400,"message":"Title is required","fields":{"title":"Title is required"}}',
    );
    expect(error.serverMessage).toBe('Title is required');
    expect(error.fields).toEqual({ title: 'Title is required' });
  });

  it('falls back to the status text for an empty body', () => {
    expect(toApiError(502, 'Bad Gateway', '').message).toBe('502: Bad Gateway');
  });

  it('gives the fallback when there is no server message', () => {
    expect(serverMessage(toApiError(500, 'Internal Server Error', 'oops'), 'Try again')).toBe('Try again');
    expect(serverMessage(new Error('x'), 'Try again')).toBe('Try again');
  });

  it('gives undefined without a fallback when there is no server message', () => {
    expect(serverMessage(toApiError(409, 'Conflict', '{"message":"Already friends"}'))).toBe(
      'Already friends',
    );
    expect(serverMessage(toApiError(500, 'Internal Server Error', 'oops'))).toBeUndefined();
  });
});

describe('errorMessage', () => {
  it('gives "<status>: <body text>" for API errors and the message of other errors', () => {
    expect(errorMessage(toApiError(404, 'Not Found', '{"message":"No such bet"}'))).toBe(
      '404: {"message":"No such bet"}',
    );
    expect(errorMessage(toApiError(503, 'Service Unavailable', ''))).toBe('503: Service Unavailable');
    expect(errorMessage(new Error('Invalid token'))).toBe('Invalid token');
    expect(errorMessage('Not authenticated')).toBe('Not authenticated');
    expect(errorMessage(42)).toBe('Unknown error');
  });
});
