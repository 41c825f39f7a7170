import { serverMessage, toApiError } from './errors';

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
});
