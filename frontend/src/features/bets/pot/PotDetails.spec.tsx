import { screen, within } from '@testing-library/react';
import { withApiServer } from '../../../testing/api-server';
import { renderWithStore } from '../../../testing/render-with-store';
import { me, them } from '../bet-fixture';
import type { BetPageData } from '../types';
import { aPot, aSeat, lee, sam } from './pot-fixture';
import { PotDetails } from './PotDetails';

withApiServer();

const pageOf = (bet: BetPageData['bet']): BetPageData => ({
  bet,
  viewerRole: 'creator',
  timeline: [],
  receipts: [],
  dispute: null,
  disputeHistory: [],
});

describe('PotDetails', () => {
  it('lists every player with their pick, report and what they take if right', () => {
    const bet = aPot();
    bet.participants[1].result = 'Blues';
    renderWithStore(<PotDetails page={pageOf(bet)} viewerId={me} />);
    expect(screen.getByTestId('pot-total').textContent).toBe('Pot $40.00');
    const players = within(screen.getByRole('list', { name: 'Players' })).getAllByRole('listitem');
    expect(players).toHaveLength(4);
    expect(players[0].textContent).toContain('You · started it');
    expect(players[0].textContent).toContain('Picked Reds · reported not yet');
    expect(players[0].textContent).toContain('Takes $20.00 if Reds happens');
    expect(players[1].textContent).toContain('Maya');
    expect(players[1].textContent).toContain('reported Blues');
    expect(players[3].textContent).toContain('Takes $40.00 if Greens happens');
  });

  it('shows each payout once settled, and the viewer’s result', () => {
    const bet = aPot({ status: 'completed', finalResult: 'Reds' }, [
      aSeat(me, 'Me', { pick: 'Reds', result: 'Reds', payout: '15.00' }),
      aSeat(them, 'Maya', { pick: 'Blues', result: 'Reds', payout: '0.00' }),
      aSeat(sam, 'Sam', { pick: 'Reds', result: 'Reds', payout: '15.00' }),
      aSeat(lee, 'Lee', { pick: 'Reds', result: 'Reds', payout: '0.00', joinedAt: null }),
    ]);
    renderWithStore(<PotDetails page={pageOf(bet)} viewerId={them} />);
    expect(screen.getByText('Lost')).toBeTruthy();
    expect(screen.getByText('Reds happened. You lost $10.00.')).toBeTruthy();
    expect(screen.getAllByText('Got $15.00 back (+5.00)')).toHaveLength(2);
    expect(screen.getByText('Got $0.00 back (-10.00)')).toBeTruthy();
  });
});
