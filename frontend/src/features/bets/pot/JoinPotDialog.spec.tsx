import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiServer, withApiServer } from '../../../testing/api-server';
import { renderWithStore } from '../../../testing/render-with-store';
import { me, them } from '../bet-fixture';
import { aPot, aSeat } from './pot-fixture';
import { JoinPotDialog } from './JoinPotDialog';

withApiServer();

describe('JoinPotDialog', () => {
  it('asks for a pick (any outcome, the creator’s too) and joins with it', async () => {
    const bet = aPot({ status: 'pending' }, [
      aSeat(me, 'Me', { pick: 'Reds' }),
      aSeat(them, 'Maya', { joinedAt: null }),
    ]);
    let sent: unknown = null;
    apiServer.use(
      http.post(`/api/bets/${bet.id}/join`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(bet);
      }),
    );
    const onClose = jest.fn();
    renderWithStore(<JoinPotDialog bet={bet} onClose={onClose} />);
    expect(screen.getByText('Picks so far: Me: Reds')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join for $10.00' }));
    expect(await screen.findByText('Please select your predicted outcome.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Reds' }));
    fireEvent.click(screen.getByRole('button', { name: 'Join for $10.00' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual({ pick: 'Reds' });
  });
});
