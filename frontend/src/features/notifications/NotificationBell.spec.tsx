import '../../testing/text-encoder';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { makeStore } from '../../store/store';
import { bellLabel, NotificationBell } from './NotificationBell';
import type { AppNotification, NotificationPage } from './types';

function item(id: number, overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id,
    type: 'bet_received',
    category: 'betUpdates',
    title: `New challenge ${id}`,
    body: `Alice challenged you (${id})`,
    url: `/?bet=${id}`,
    betId: id,
    betStatus: null,
    amount: null,
    readAt: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/** A stand-in for the server: the list and the two "read" calls. */
function fakeServer(initial: AppNotification[]) {
  let items = initial;
  const unread = () => items.filter((entry) => entry.readAt === null).length;
  const calls: string[] = [];
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    let body: unknown;
    const read = /\/api\/notifications\/(\d+)\/read$/.exec(url);
    if (read) {
      items = items.map((entry) => (entry.id === Number(read[1]) ? { ...entry, readAt: 'now' } : entry));
      body = { unreadCount: unread() };
    } else if (url.endsWith('/api/notifications/read-all')) {
      items = items.map((entry) => ({ ...entry, readAt: entry.readAt ?? 'now' }));
      body = { unreadCount: 0 };
    } else {
      const page: NotificationPage = { items, unreadCount: unread(), nextBefore: null };
      body = page;
    }
    return { ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify(body) };
  });
  Object.defineProperty(window, 'fetch', { value: fetchMock, configurable: true, writable: true });
  return { calls };
}

function renderBell() {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<NotificationBell pushNotifications pollingInterval={0} />} />
          <Route path="/friends" element={<p>Friends page</p>} />
          <Route path="/bets/:id" element={<p>The pot's page</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('NotificationBell', () => {
  afterEach(() => Reflect.deleteProperty(window, 'fetch'));

  it('names the unread count for screen readers', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(120)).toBe('Notifications, 99+ unread');
  });

  it('shows the unread count and lists notifications, unread ones marked', async () => {
    fakeServer([item(2), item(1, { readAt: '2026-11-22T12:00:00.000Z' })]);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    // The panel is named from its first frame; the list's code may still be loading.
    expect(await within(panel).findByText('1 unread')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: /Unread: New challenge 2/ })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: /^New challenge 1/ })).toBeTruthy();
    expect(within(panel).getAllByText('5 minutes ago')).toHaveLength(2);
  });

  it('marks a clicked notification read and goes to its link', async () => {
    const server = fakeServer([
      item(4, { type: 'friend_request', category: 'friendRequests', url: '/friends' }),
    ]);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const entry = await within(panel).findByRole('button', { name: /New challenge 4/ });
    await act(async () => {
      fireEvent.click(entry);
    });
    expect(await screen.findByText('Friends page')).toBeTruthy();
    await waitFor(() => expect(server.calls).toContain('POST /api/notifications/4/read'));
  });

  it('shows a group pot’s notifications with their text and the group icon, and opens the pot', async () => {
    fakeServer([
      item(8, {
        type: 'pot_settled',
        category: 'betResolved',
        title: 'You won $5.00',
        body: '“Office pool” is settled: your share is in your wallet.',
        url: '/bets/31',
        betId: 31,
        amount: '5.00',
      }),
      item(7, {
        type: 'pot_invited',
        title: 'Avery invited you to a group pot',
        body: '“Office pool”: $10.00 each, split among those who pick right. Join with your pick or decline.',
        url: '/bets/31',
        betId: 31,
        readAt: '2026-11-22T12:00:00.000Z',
      }),
    ]);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const settled = await within(panel).findByRole('button', { name: /Unread: You won \$5\.00/ });
    expect(within(settled).getByText('“Office pool” is settled: your share is in your wallet.')).toBeTruthy();
    const invited = within(panel).getByRole('button', { name: /^Avery invited you to a group pot/ });
    expect(within(invited).getByText(/Join with your pick or decline\.$/)).toBeTruthy();
    expect(within(settled).getByTestId('Diversity3Icon')).toBeTruthy();
    expect(within(invited).getByTestId('Diversity3Icon')).toBeTruthy();
    await act(async () => {
      fireEvent.click(invited);
    });
    expect(await screen.findByText("The pot's page")).toBeTruthy();
  });

  it('marks all as read and clears the badge', async () => {
    const server = fakeServer([item(2), item(1)]);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const markAll = await within(panel).findByRole('button', { name: 'Mark all as read' });
    await act(async () => {
      fireEvent.click(markAll);
    });
    expect(server.calls).toContain('POST /api/notifications/read-all');
    expect(await within(panel).findByText('All read')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Notifications', hidden: true })).toBeTruthy();
    expect(within(panel).getByRole<HTMLButtonElement>('button', { name: 'Mark all as read' }).disabled).toBe(
      true,
    );
  });

  it('says so when there is nothing yet', async () => {
    fakeServer([]);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('No notifications yet')).toBeTruthy();
  });

  it('opens the notification settings from the list', async () => {
    fakeServer([]);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Notification settings' }));
    expect(await screen.findByRole('dialog', { name: 'Notification Settings' })).toBeTruthy();
  });
});
