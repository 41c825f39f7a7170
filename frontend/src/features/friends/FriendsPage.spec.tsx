import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiServer, withApiServer } from '../../testing/api-server';
import { renderWithStore } from '../../testing/render-with-store';
import type { Friend, HeadToHead } from './friends-api';
import FriendsPage from './FriendsPage';

withApiServer();

const played: Friend = {
  id: 'f-played',
  username: 'sam',
  firstName: 'Sam',
  lastName: 'Lee',
  profileImageUrl: null,
  friendshipStatus: 'friends',
  friendshipId: 'fs-played',
  since: '2026-10-01T12:00:00.000Z',
};
const fresh: Friend = {
  id: 'f-fresh',
  username: 'kai',
  firstName: 'Kai',
  lastName: 'Moss',
  profileImageUrl: null,
  friendshipStatus: 'friends',
  friendshipId: 'fs-fresh',
  since: '2026-11-01T12:00:00.000Z',
};

const noHistory: HeadToHead = {
  won: 0,
  lost: 0,
  draws: 0,
  netProfit: '0.00',
  currentStreak: { kind: 'none', count: 0 },
  biggestWin: null,
  totalBets: 0,
  activeBets: 0,
  pendingBets: 0,
};
const twoBets: HeadToHead = {
  won: 1,
  lost: 1,
  draws: 0,
  netProfit: '5.00',
  currentStreak: { kind: 'won', count: 1 },
  biggestWin: '15.00',
  totalBets: 2,
  activeBets: 0,
  pendingBets: 0,
};

function answerFriends(records: Record<string, HeadToHead> = { [played.id]: twoBets }) {
  apiServer.use(
    http.get('/api/friends', () => HttpResponse.json({ items: [played, fresh], total: 2, nextBefore: null })),
    http.get('/api/friends/requests', () => HttpResponse.json([])),
    http.get('/api/friends/suggestions', () => HttpResponse.json([])),
    http.get('/api/invites/mine', () =>
      HttpResponse.json({ code: 'abc123', createdAt: '2026-11-20T10:00:00Z' }),
    ),
    http.get('/api/friends/:id/head-to-head', ({ params }) =>
      HttpResponse.json(records[String(params.id)] ?? noHistory),
    ),
  );
}

describe('FriendsPage', () => {
  it('offers Rematch only to a friend you have finished a bet with; everyone gets Challenge to Bet', async () => {
    answerFriends();
    renderWithStore(<FriendsPage />, { at: '/friends' });

    const playedCard = await screen.findByTestId(`friend-${played.id}`);
    expect(await within(playedCard).findByText(/You 1–1/)).toBeTruthy();
    expect(within(playedCard).getByRole('button', { name: 'Rematch Sam Lee' })).toBeTruthy();
    expect(within(playedCard).getByRole('button', { name: 'Challenge to Bet' })).toBeTruthy();

    const freshCard = screen.getByTestId(`friend-${fresh.id}`);
    expect(await within(freshCard).findByText('No bets together yet')).toBeTruthy();
    expect(within(freshCard).queryByRole('button', { name: /Rematch/ })).toBeNull();
    expect(within(freshCard).getByRole('button', { name: 'Challenge to Bet' })).toBeTruthy();
  });

  it('counts the bets still open with a friend, not only the finished ones', async () => {
    answerFriends({
      [played.id]: { ...twoBets, activeBets: 1, pendingBets: 2 },
      [fresh.id]: { ...noHistory, activeBets: 1, pendingBets: 1 },
    });
    renderWithStore(<FriendsPage />, { at: '/friends' });

    const freshCard = await screen.findByTestId(`friend-${fresh.id}`);
    expect(
      await within(freshCard).findByText('1 active bet · 1 pending challenge · none finished yet'),
    ).toBeTruthy();
    expect(within(freshCard).queryByText('No bets together yet')).toBeNull();
    const playedCard = screen.getByTestId(`friend-${played.id}`);
    expect(await within(playedCard).findByText('1 active bet · 2 pending challenges')).toBeTruthy();
  });

  it("writes a suggested person's whole name and username, wrapping rather than cutting them short", async () => {
    answerFriends();
    apiServer.use(
      http.get('/api/friends/suggestions', () =>
        HttpResponse.json([
          {
            id: 'p-maya',
            username: 'demo_maya_with_a_long_username',
            firstName: null,
            lastName: null,
            profileImageUrl: null,
            friendshipStatus: 'none',
            mutualFriends: 2,
            betTogether: false,
          },
        ]),
      ),
    );
    renderWithStore(<FriendsPage />, { at: '/friends' });

    const card = await screen.findByRole('region', { name: 'People You May Know' });
    for (const text of ['demo_maya_with_a_long_username', '@demo_maya_with_a_long_username']) {
      const line = within(card).getByText(text);
      expect(getComputedStyle(line).whiteSpace).not.toBe('nowrap');
      expect(getComputedStyle(line).textOverflow).not.toBe('ellipsis');
    }
  });

  it('Rematch opens the create flow with that friend chosen', async () => {
    answerFriends();
    renderWithStore(<FriendsPage />, { at: '/friends', path: '/friends', otherRoutes: ['/'] });

    fireEvent.click(await screen.findByRole('button', { name: 'Rematch Sam Lee' }));
    expect(await screen.findByText('Page /')).toBeTruthy();
  });

  it('loads the next page with Load more, with a spinner meanwhile, then says the list is complete', async () => {
    answerFriends();
    const asked: (string | null)[] = [];
    let sendSecondPage = () => {};
    const secondPageSent = new Promise<void>((resolve) => (sendSecondPage = resolve));
    apiServer.use(
      http.get('/api/friends', async ({ request }) => {
        const before = new URL(request.url).searchParams.get('before');
        asked.push(before);
        if (before === null) return HttpResponse.json({ items: [played], total: 2, nextBefore: 'after-sam' });
        await secondPageSent;
        return HttpResponse.json({ items: [fresh], total: 2, nextBefore: null });
      }),
    );
    renderWithStore(<FriendsPage />, { at: '/friends' });

    expect(await screen.findByRole('heading', { name: 'Your Friends (2)' })).toBeTruthy();
    await screen.findByTestId(`friend-${played.id}`);
    expect(screen.queryByTestId(`friend-${fresh.id}`)).toBeNull();
    expect(screen.queryByText('No more friends')).toBeNull();

    const more = screen.getByRole('button', { name: 'Load more friends' });
    act(() => more.focus());
    fireEvent.click(more);
    const loading = await screen.findByRole('button', { name: 'Loading…' });
    expect(loading.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(loading);
    fireEvent.click(loading);
    sendSecondPage();

    expect(await screen.findByTestId(`friend-${fresh.id}`)).toBeTruthy();
    expect(screen.getByTestId(`friend-${played.id}`)).toBeTruthy();
    const end = await screen.findByText('No more friends');
    expect(end.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: /Load more|Loading/ })).toBeNull();
    // The keyboard focus was on the button that went away: it lands on the end line, not back at the top.
    await waitFor(() => expect(document.activeElement).toBe(end));
    expect(asked).toEqual([null, 'after-sam']);
  });
});
