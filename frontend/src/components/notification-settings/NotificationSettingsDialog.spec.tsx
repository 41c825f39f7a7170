import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../store/store';
import { NOTIFICATION_SETTINGS_KEY } from '../../lib/notification-settings';
import { NotificationSettingsDialog } from './NotificationSettingsDialog';

type FakeNotification = { permission: NotificationPermission; requestPermission: jest.Mock };

function installNotification(
  permission: NotificationPermission,
  request: () => Promise<NotificationPermission>,
) {
  const fake: FakeNotification = { permission, requestPermission: jest.fn(request) };
  Object.defineProperty(window, 'Notification', { value: fake, configurable: true, writable: true });
  return fake;
}

function renderDialog(pushNotifications = true) {
  const store = makeStore();
  render(
    <Provider store={store}>
      <NotificationSettingsDialog open onClose={() => undefined} pushNotifications={pushNotifications} />
    </Provider>,
  );
  return store;
}

const lastToast = (store: ReturnType<typeof makeStore>) => store.getState().toasts.items[0];

describe('NotificationSettingsDialog', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    Reflect.deleteProperty(window, 'Notification');
  });

  it('shows the four switches on by default and stores a change under notification-settings', () => {
    installNotification('default', async () => 'default');
    renderDialog();
    for (const name of ['Bet updates', 'Friend requests', 'Expiring bets', 'Bet results']) {
      expect(screen.getByLabelText<HTMLInputElement>(name).checked).toBe(true);
    }
    fireEvent.click(screen.getByLabelText('Bet updates'));
    expect(screen.getByLabelText<HTMLInputElement>('Bet updates').checked).toBe(false);
    expect(JSON.parse(localStorage.getItem(NOTIFICATION_SETTINGS_KEY) ?? '{}')).toEqual({
      betUpdates: false,
      friendRequests: true,
      betExpiring: true,
      betResolved: true,
      circles: true,
    });
  });

  it.each([
    ['default', 'Not Set'],
    ['granted', 'Enabled'],
    ['denied', 'Blocked'],
  ] as const)('shows permission %s as %s', (permission, label) => {
    installNotification(permission, async () => permission);
    renderDialog();
    expect(screen.getByTestId('notification-permission').textContent).toBe(label);
  });

  it("asks for permission and says 'Notifications Enabled' when granted", async () => {
    const fake = installNotification('default', async () => 'granted');
    const store = renderDialog();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enable Browser Notifications' }));
    });
    expect(fake.requestPermission).toHaveBeenCalledTimes(1);
    expect(lastToast(store)?.title).toBe('Notifications Enabled');
    expect(screen.getByTestId('notification-permission').textContent).toBe('Enabled');
    expect(screen.queryByRole('button', { name: 'Enable Browser Notifications' })).toBeNull();
  });

  it("says 'Notifications Denied' and points to the browser settings when refused", async () => {
    installNotification('default', async () => 'denied');
    const store = renderDialog();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enable Browser Notifications' }));
    });
    expect(lastToast(store)?.title).toBe('Notifications Denied');
    expect(lastToast(store)?.description).toMatch(/browser settings/);
    expect(screen.getByTestId('notification-permission').textContent).toBe('Blocked');
  });

  it("says 'Error' when asking fails", async () => {
    installNotification('default', async () => {
      throw new Error('boom');
    });
    const store = renderDialog();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enable Browser Notifications' }));
    });
    expect(lastToast(store)).toMatchObject({
      title: 'Error',
      description: 'Failed to enable notifications. Please try again.',
      variant: 'destructive',
    });
  });

  it("says 'Notifications Not Supported' without the Notification API", async () => {
    const store = renderDialog();
    expect(screen.getByTestId('notification-permission').textContent).toBe('Not Supported');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enable Browser Notifications' }));
    });
    expect(lastToast(store)?.title).toBe('Notifications Not Supported');
  });

  it('explains when the account push switch is off', () => {
    installNotification('granted', async () => 'granted');
    renderDialog(false);
    expect(screen.getByText(/Push notifications are turned off for your account/)).toBeTruthy();
  });
});
