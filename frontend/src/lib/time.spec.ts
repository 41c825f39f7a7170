import { timeLeft, timeLeftRoundedUp } from './time';

const now = new Date('2026-11-22T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('timeLeft', () => {
  it.each([
    [7 * 86_400_000, '7 days left'],
    [25 * 3_600_000, '1 day left'],
    [24 * 3_600_000, '24 hours left'],
    [3 * 3_600_000 + 5, '3 hours left'],
    [59 * 60_000, '59 minutes left'],
    [10_000, '1 minute left'],
    [-1, 'Expired'],
  ])('%i ms -> %s', (ms, text) => {
    expect(timeLeft(at(ms), now)).toBe(text);
  });
});

describe('timeLeftRoundedUp', () => {
  it.each([
    [167 * 3_600_000, '7 days'],
    [25 * 3_600_000, '2 days'],
    [90 * 60_000, '2 hours'],
    [30 * 60_000, '30 minutes'],
    [0, 'Expired'],
  ])('%i ms -> %s', (ms, text) => {
    expect(timeLeftRoundedUp(at(ms), now)).toBe(text);
  });
});
