import { activeSuspension, greeting } from './greeting';

const now = Date.parse('2026-05-10T12:00:00Z');
const base = { firstName: 'Ana', username: 'ana', totalBetsWon: 0, totalBetsLost: 0 };

describe('dashboard greeting', () => {
  it('says "Welcome" on the day of sign-up, before any bet settles', () => {
    expect(greeting({ ...base, createdAt: '2026-05-10T11:00:00Z' }, now)).toBe('Welcome, Ana!');
  });
  it('says "Welcome back" to someone who has been here before or has settled bets', () => {
    expect(greeting({ ...base, createdAt: '2026-05-08T11:00:00Z' }, now)).toBe('Welcome back, Ana!');
    expect(greeting({ ...base, totalBetsWon: 1, createdAt: '2026-05-10T11:00:00Z' }, now)).toBe(
      'Welcome back, Ana!',
    );
    expect(greeting({ ...base, firstName: null, createdAt: '2026-05-01T00:00:00Z' }, now)).toBe(
      'Welcome back, ana!',
    );
  });
  it('knows a suspension only while it is running', () => {
    expect(activeSuspension('2026-05-11T00:00:00Z', now)).toBe('2026-05-11T00:00:00Z');
    expect(activeSuspension('2026-05-09T00:00:00Z', now)).toBeNull();
    expect(activeSuspension(null, now)).toBeNull();
  });
});
