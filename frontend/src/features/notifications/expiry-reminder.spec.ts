import { dueReminders, expiryReminder, inReminderWindow } from './expiry-reminder';

const now = Date.parse('2026-11-22T12:00:00Z');
const inMinutes = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

describe('inReminderWindow', () => {
  it.each([
    [61, false],
    [60, true],
    [57, true],
    [54, true],
    [53.9, false],
    [10, false],
    [-1, false],
  ])('%d minutes left -> %s', (minutes, expected) => {
    expect(inReminderWindow(inMinutes(minutes), now)).toBe(expected);
  });
});

describe('dueReminders', () => {
  const bets = [
    { id: 1, title: 'Soon', expiresAt: inMinutes(58), status: 'pending' as const },
    { id: 2, title: 'Later', expiresAt: inMinutes(90), status: 'pending' as const },
    { id: 3, title: 'Also soon', expiresAt: inMinutes(55), status: 'pending' as const },
  ];

  it('picks the bets in the window that were not reminded on this page load', () => {
    expect(dueReminders(bets, now, new Set()).map((bet) => bet.id)).toEqual([1, 3]);
    expect(dueReminders(bets, now, new Set([1])).map((bet) => bet.id)).toEqual([3]);
  });

  it('makes a "bet expiring" notification that shares its tag with the server one', () => {
    expect(
      expiryReminder({ id: 3, title: 'Also soon', expiresAt: inMinutes(55), status: 'pending' as const }),
    ).toEqual({
      title: 'Bet Expiring Soon',
      body: '"Also soon" expires in less than an hour.',
      tag: 'bet-expiring-3',
      url: '/bets/3',
    });
  });
});
