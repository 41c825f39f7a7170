import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiServer, withApiServer } from '../../testing/api-server';
import { aUser, signedInAs } from '../../testing/people';
import { renderWithStore } from '../../testing/render-with-store';
import { aBet, me, them } from './bet-fixture';
import HistoryPage from './HistoryPage';

withApiServer();

afterEach(() => localStorage.clear());

const maya = { id: them, username: 'maya', firstName: 'Maya', lastName: 'Lopez', profileImageUrl: null };

describe('HistoryPage', () => {
  it('keeps the opponent chosen when the status shows none of their bets', async () => {
    signedInAs(aUser({ id: me, firstName: 'Casey' }));
    apiServer.use(
      http.get('/api/bets/opponents', () => HttpResponse.json([maya])),
      http.get('/api/bets/history', ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.get('status') === 'cancelled'
            ? []
            : [aBet({ opponent: maya, status: 'active' })],
        ),
      ),
    );
    renderWithStore(<HistoryPage />, { at: '/bets' });

    const choose = async (box: string, option: string) => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: box }));
      fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
    };
    await screen.findByRole('article', { name: 'Who wins?' });
    await choose('Opponent', 'Maya Lopez (@maya)');
    await choose('Status', 'Cancelled');

    expect(await screen.findByText('No cancelled bets with Maya Lopez.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Opponent' }).textContent).toBe('Maya Lopez (@maya)');
    fireEvent.click(screen.getByRole('button', { name: 'Show all bets' }));
    expect(await screen.findByRole('article', { name: 'Who wins?' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Opponent' }).textContent).toBe('Everyone');
  });
});
