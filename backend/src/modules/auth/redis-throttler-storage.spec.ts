import { throttleKeys } from './redis-throttler-storage.js';

describe('throttleKeys', () => {
  it('names a record and its hits under the betwixt prefix, in one cluster slot', () => {
    expect(throttleKeys('3f2a', 'account')).toEqual({
      record: 'betwixt:throttle:{account:3f2a}',
      hits: 'betwixt:throttle:{account:3f2a}:hits',
    });
  });

  it('keeps throttler names and prefixes apart for the same tracker key', () => {
    const keys = [
      throttleKeys('3f2a', 'ip').record,
      throttleKeys('3f2a', 'account').record,
      throttleKeys('3f2a', 'ip', 'other:').record,
    ];
    expect(new Set(keys).size).toBe(3);
    expect(keys[2]).toBe('other:{ip:3f2a}');
  });
});
