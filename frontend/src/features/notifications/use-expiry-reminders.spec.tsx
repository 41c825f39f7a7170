import { act, render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../store/store';
import { showBrowserNotification } from '../../lib/browser-notifications';
import { NOTIFICATION_SETTINGS_KEY } from '../../lib/notification-settings';
import { useExpiryReminders } from './use-expiry-reminders';

jest.mock('../../lib/browser-notifications', () => ({
  browserPermission: () => 'granted',
  showBrowserNotification: jest.fn(async () => undefined),
}));
const shown = jest.mocked(showBrowserNotification);

const MINUTE = 60_000;

function serveExpiring(bets: { id: number; title: string; expiresAt: string }[]) {
  const fetchMock = jest.fn(async () => ({
    ok: true,
    status: 200,
    statusText: 'OK',
    text: async () => JSON.stringify(bets),
  }));
  Object.defineProperty(window, 'fetch', { value: fetchMock, configurable: true, writable: true });
}

function Reminders({ push }: { push: boolean }) {
  useExpiryReminders({ pushNotifications: push });
  return null;
}

const renderReminders = (push = true) =>
  render(
    <Provider store={makeStore()}>
      <Reminders push={push} />
    </Provider>,
  );

describe('useExpiryReminders', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: Date.parse('2026-11-22T12:00:00Z') });
    shown.mockClear();
    localStorage.clear();
  });
  afterEach(() => {
    jest.useRealTimers();
    Reflect.deleteProperty(window, 'fetch');
  });

  it('reminds once per bet when 0.9 to 1 hour is left, checking every minute', async () => {
    const now = Date.now();
    serveExpiring([
      { id: 1, title: 'Soon', expiresAt: new Date(now + 58 * MINUTE).toISOString() },
      { id: 2, title: 'Later', expiresAt: new Date(now + 62 * MINUTE + 30_000).toISOString() },
    ]);
    renderReminders();
    await waitFor(() => expect(shown).toHaveBeenCalledTimes(1));
    expect(shown).toHaveBeenLastCalledWith(
      expect.objectContaining({ tag: 'bet-expiring-1', url: '/bets/1' }),
    );

    // Two checks later bet 2 has 60.5 minutes left: not yet; the third check finds it, once.
    await act(async () => jest.advanceTimersByTime(2 * MINUTE));
    expect(shown).toHaveBeenCalledTimes(1);
    await act(async () => jest.advanceTimersByTime(MINUTE));
    expect(shown).toHaveBeenCalledTimes(2);
    expect(shown).toHaveBeenLastCalledWith(expect.objectContaining({ tag: 'bet-expiring-2' }));
    await act(async () => jest.advanceTimersByTime(5 * MINUTE));
    expect(shown).toHaveBeenCalledTimes(2);
  });

  it("stays quiet when 'Expiring bets' is off or the account's push switch is off", async () => {
    serveExpiring([{ id: 1, title: 'Soon', expiresAt: new Date(Date.now() + 59.5 * MINUTE).toISOString() }]);
    localStorage.setItem(NOTIFICATION_SETTINGS_KEY, JSON.stringify({ betExpiring: false }));
    const first = renderReminders();
    await act(async () => jest.advanceTimersByTime(MINUTE));
    first.unmount();
    localStorage.clear();
    const second = renderReminders(false);
    await act(async () => jest.advanceTimersByTime(MINUTE));
    second.unmount();
    expect(shown).not.toHaveBeenCalled();
    // The same bet with both switches on is reminded about: the silence above came from the switches.
    renderReminders(true);
    await waitFor(() => expect(shown).toHaveBeenCalledTimes(1));
  });
});
