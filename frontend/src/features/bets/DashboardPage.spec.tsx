import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiServer, withApiServer } from '../../testing/api-server';
import { aUser, signedInAs } from '../../testing/people';
import { renderWithStore } from '../../testing/render-with-store';
import { aBet, me, them } from './bet-fixture';
import { enhancedApi } from '../../api/enhanced-api';
import DashboardPage, { FIRST_VIEW } from './DashboardPage';
import type { Bet } from './types';

withApiServer();

const bets = (count: number, status: Bet['status'], from: number) =>
  Array.from({ length: count }, (_, index) =>
    aBet({ id: from + index, title: `${status} bet ${index + 1}`, status }),
  );

/** The dashboard's lists; `activeFirst` holds the active list back until it resolves. */
function answerLists({ active, pending }: { active: Bet[]; pending: Bet[] }, activeFirst?: Promise<void>) {
  signedInAs(aUser({ id: me, firstName: 'Casey' }));
  apiServer.use(
    http.get('/api/bets/active', async () => {
      await activeFirst;
      return HttpResponse.json(active);
    }),
    http.get('/api/bets/pending', () => HttpResponse.json(pending)),
    http.get('/api/bets/completed', () => HttpResponse.json([])),
    http.get('/api/wallet', () =>
      HttpResponse.json({ available: '500.00', inPlay: '0.00', total: '500.00' }),
    ),
  );
}

const cardsOf = (sectionName: string) =>
  within(screen.getByRole('region', { name: sectionName })).queryAllByRole('article');

describe('DashboardPage', () => {
  afterEach(() => localStorage.clear());

  it(`shows the first ${FIRST_VIEW} bets of a busy list and the rest on request`, async () => {
    answerLists({ active: bets(12, 'active', 100), pending: bets(3, 'pending', 200) });
    renderWithStore(<DashboardPage />);

    const showAll = await screen.findByRole('button', { name: 'Show all 12 active bets' });
    expect(cardsOf('Active Bets')).toHaveLength(FIRST_VIEW);
    expect(cardsOf('Active Bets').map((card) => card.getAttribute('aria-label'))).toEqual(
      bets(FIRST_VIEW, 'active', 100).map((bet) => bet.title),
    );
    expect(showAll.getAttribute('aria-expanded')).toBe('false');
    expect(await screen.findByRole('region', { name: 'Pending Challenges' })).toBeTruthy();
    expect(cardsOf('Pending Challenges')).toHaveLength(3);
    // A list that fits has no button.
    expect(screen.queryByRole('button', { name: /pending challenges/ })).toBeNull();

    fireEvent.click(showAll);
    expect(cardsOf('Active Bets')).toHaveLength(12);
    const showFewer = screen.getByRole('button', { name: 'Show fewer active bets' });
    expect(showFewer.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(showFewer);
    expect(cardsOf('Active Bets')).toHaveLength(FIRST_VIEW);
  });

  it('draws a list only once the lists above it have arrived, so none is pushed down', async () => {
    let release = () => {};
    const activeHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    answerLists({ active: bets(2, 'active', 100), pending: bets(1, 'pending', 200) }, activeHeld);
    const { store } = renderWithStore(<DashboardPage />);

    expect(await screen.findByRole('status', { name: 'Loading bets' })).toBeTruthy();
    // The pending list has arrived; it still waits below the active list's placeholder.
    const pendingList = enhancedApi.endpoints.betsControllerPending.select({});
    // The store is typed by the bare slice; its state holds the enhanced endpoints' entries.
    await waitFor(() => expect(pendingList(store.getState() as never).isSuccess).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Pending Challenges' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Recent Results' })).toBeNull();

    release();
    expect(await screen.findByRole('heading', { name: 'Recent Results' })).toBeTruthy();
    expect(cardsOf('Active Bets')).toHaveLength(2);
    expect(cardsOf('Pending Challenges')).toHaveLength(1);
  });

  it('leads a newcomer to someone to bet with, not to a second Create New Bet', async () => {
    answerLists({ active: [], pending: [] });
    apiServer.use(
      http.get('/api/friends', () => HttpResponse.json({ items: [], total: 0, nextBefore: null })),
    );
    renderWithStore(<DashboardPage />);

    expect(await screen.findByText('Ready to Start Betting?')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Create New Bet' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Invite a friend' }).getAttribute('href')).toBe(
      '/friends#invite',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send a challenge link' }));
    const flow = await screen.findByRole('dialog', { name: 'Create New Bet' });
    expect(within(flow).getByText('whoever accepts your link first')).toBeTruthy();
    expect(within(flow).getByRole('heading', { name: 'Set Amount' })).toBeTruthy();
  });

  it("starts a Rematch from the last finished bet's stake, title, description and options", async () => {
    answerLists({ active: [], pending: [] });
    const asked: Record<string, string>[] = [];
    apiServer.use(
      http.get('/api/friends', () =>
        HttpResponse.json({
          items: [
            {
              id: them,
              username: 'maya',
              firstName: 'Maya',
              lastName: 'Lopez',
              profileImageUrl: null,
              friendshipStatus: 'friends',
            },
          ],
          total: 1,
          nextBefore: null,
        }),
      ),
      http.get('/api/bets/history', ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json([
          aBet({
            title: 'Who wins?',
            description: 'Sunday final',
            amount: '25.50',
            outcomes: ['Reds', 'Blues'],
          }),
        ]);
      }),
    );
    renderWithStore(<DashboardPage />, { at: `/?challenger=${them}&rematch=1` });

    const flow = await screen.findByRole('dialog', { name: 'Create New Bet' });
    await waitFor(() =>
      expect(within(flow).getByRole('textbox', { name: 'Amount' })).toHaveProperty('value', '25.50'),
    );
    expect(within(flow).getByText('Maya Lopez')).toBeTruthy();
    expect(within(flow).getByRole('textbox', { name: "What's this bet about?" })).toHaveProperty(
      'value',
      'Who wins?',
    );
    expect(asked).toEqual([{ status: 'completed', opponentId: them, limit: '1' }]);
    fireEvent.click(within(flow).getByRole('button', { name: 'Continue' }));
    expect(within(flow).getByRole('textbox', { name: 'Description (optional)' })).toHaveProperty(
      'value',
      'Sunday final',
    );
    expect(within(flow).getByRole('textbox', { name: 'Option 1' })).toHaveProperty('value', 'Reds');
    expect(within(flow).getByRole('textbox', { name: 'Option 2' })).toHaveProperty('value', 'Blues');
  });

  it('shows a challenge sent as a link with nobody named, and lets its sender withdraw it', async () => {
    const link = aBet({
      id: 300,
      title: 'Link bet',
      status: 'pending',
      opponentId: null,
      opponent: null,
      opponentPick: null,
      challengeCode: 'abcdefghijklmnop',
      expiresAt: '2099-01-01T00:00:00Z',
    });
    answerLists({ active: [], pending: [link] });
    const cancelled: string[] = [];
    apiServer.use(
      http.post('/api/bets/:id/cancel', ({ params }) => {
        cancelled.push(String(params.id));
        return HttpResponse.json({ ...link, status: 'cancelled' });
      }),
    );
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithStore(<DashboardPage />);

    const card = await screen.findByRole('article', { name: 'Link bet' });
    expect(card.textContent).not.toMatch(/Unknown|\bU\b/);
    expect(within(card).getByText('vs anyone with the link')).toBeTruthy();
    expect(within(card).getByText('Waiting for someone to accept your link')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(cancelled).toEqual(['300']));
    expect(confirm).toHaveBeenCalledWith('Withdraw "Link bet"? Your $50.00 stake comes back.');
    confirm.mockRestore();
  });
});
