import { MAX_ATTEMPTS, retryDelayMs } from './outbox-worker.js';

describe('retryDelayMs', () => {
  it('doubles from the first delay, at most an hour', () => {
    const delays = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, index) => retryDelayMs(index + 1, 30_000));
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000]);
    expect(retryDelayMs(20, 30_000)).toBe(3_600_000);
  });
});
