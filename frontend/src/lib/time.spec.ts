import { formatRelativeTime, timeLeft, timeLeftRoundedUp } from './time';

const now = new Date('2026-11-22T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('timeLeft', () => {
  it.each([
    [7 * 86_400_000, '7 days left'],
    [6 * 86_400_000 + 1, '7 days left'],
    [25 * 3_600_000, '2 days left'],
    [24 * 3_600_000, '24 hours left'],
    [3 * 3_600_000 + 5, '4 hours left'],
    [59 * 60_000, '59 minutes left'],
    [10_000, '1 minute left'],
    [-1, 'Expired'],
  ])('%i ms -> %s', (ms, text) => {
    expect(timeLeft(at(ms), now)).toBe(text);
  });
});

describe('the card and the acceptance dialog', () => {
  it.each([167 * 3_600_000, 6 * 86_400_000 + 60_000, 25 * 3_600_000, 90 * 60_000, 30 * 60_000])(
    'count the same time left for %i ms',
    (ms) => {
      expect(timeLeft(at(ms), now)).toBe(`${timeLeftRoundedUp(at(ms), now)} left`);
    },
  );
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

describe('formatRelativeTime', () => {
  it.each([
    [-30_000, 'just now'],
    [5_000, 'just now'],
    [-5 * 60_000, '5 minutes ago'],
    [-60_000, '1 minute ago'],
    [-3 * 3_600_000, '3 hours ago'],
    [-30 * 3_600_000, 'yesterday'],
    [-3 * 86_400_000, '3 days ago'],
  ])('%i ms -> %s', (ms, text) => {
    expect(formatRelativeTime(at(ms), now)).toBe(text);
  });

  it('shows the en-US date from a week on', () => {
    expect(formatRelativeTime(at(-8 * 86_400_000), now)).toBe('Nov 14, 2026');
  });
});
