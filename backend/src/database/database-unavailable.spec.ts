import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['one per address tried', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
    ['a server shutting down (admin_shutdown)', withCode('57P01')],
    ['a server starting up (cannot_connect_now)', withCode('57P03')],
    ['a connection exception (class 08)', withCode('08006')],
    ['a connection ended under a query', new Error('Connection terminated unexpectedly')],
    ['the pool could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['wrapped by TypeORM', new QueryFailedError('SELECT 1', [], withCode('57P01'))],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', new QueryFailedError('INSERT', [], withCode('23505'))],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
    ['null', null],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
