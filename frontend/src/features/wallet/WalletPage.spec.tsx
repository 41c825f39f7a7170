import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiServer, withApiServer } from '../../testing/api-server';
import { renderWithStore } from '../../testing/render-with-store';
import type { LedgerEntry, WalletSummary } from '../../api/wallet-api';
import WalletPage from './WalletPage';

withApiServer();

const summary: WalletSummary = { available: '1234.50', inPlay: '25.00', total: '1259.50', currency: 'USD' };
const entries: LedgerEntry[] = [
  {
    id: '3',
    type: 'payout_reversal',
    amount: '-30.00',
    balanceBefore: '1289.50',
    balanceAfter: '1259.50',
    description: 'Decision changed, refund taken back: Lakers win',
    referenceType: 'bet',
    referenceId: '41',
    createdAt: '2026-11-20T09:00:00.000Z',
  },
  {
    id: '2',
    type: 'bet_stake',
    amount: '-25.00',
    balanceBefore: '1259.50',
    balanceAfter: '1234.50',
    description: 'Stake: Lakers win',
    referenceType: 'bet',
    referenceId: '42',
    createdAt: '2026-11-20T10:00:00.000Z',
  },
  {
    id: '1',
    type: 'signup_bonus',
    amount: '1000.00',
    balanceBefore: '0.00',
    balanceAfter: '1000.00',
    description: 'Welcome bonus',
    referenceType: null,
    referenceId: null,
    createdAt: '2026-11-19T10:00:00.000Z',
  },
];

function answerWallet() {
  apiServer.use(
    http.get('/api/wallet', () => HttpResponse.json(summary)),
    http.get('/api/wallet/transactions', () => HttpResponse.json(entries)),
  );
}

describe('WalletPage', () => {
  it('shows the available balance, the money in play and every receipt, a stake linking to its bet', async () => {
    answerWallet();
    renderWithStore(<WalletPage />, { at: '/history', otherRoutes: ['/bets/:id'] });

    expect((await screen.findByTestId('wallet-available')).textContent).toContain('$1,234.50');
    expect(screen.getByTestId('wallet-in-play').textContent).toContain('$25.00');
    const receipts = await screen.findByTestId('receipts');
    expect(within(receipts).getByRole('link', { name: 'Stake placed' }).getAttribute('href')).toBe(
      '/bets/42',
    );
    expect(within(receipts).getByText('Welcome bonus', { selector: 'span' })).toBeTruthy();
    // A changed decision that took back a draw's refund says so, not "Payout reversed".
    expect(within(receipts).getByRole('link', { name: 'Refund reversed' }).getAttribute('href')).toBe(
      '/bets/41',
    );
    expect(within(receipts).getByText('-25.00')).toBeTruthy();
  });

  it('hides every amount behind the eye button and shows them again', async () => {
    answerWallet();
    renderWithStore(<WalletPage />, { at: '/history' });

    expect((await screen.findByTestId('wallet-available')).textContent).toContain('$1,234.50');
    fireEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(screen.getByTestId('wallet-available').textContent).toContain('$***.**');
    expect(screen.getByTestId('wallet-in-play').textContent).toContain('$***.**');
    expect(screen.queryByText('-25.00')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(screen.getByTestId('wallet-available').textContent).toContain('$1,234.50');
  });

  it('tells a signed-out visitor they are logged out', async () => {
    apiServer.use(
      http.get('/api/wallet', () => HttpResponse.json({ message: 'Not authenticated' }, { status: 401 })),
      http.get('/api/wallet/transactions', () =>
        HttpResponse.json({ message: 'Not authenticated' }, { status: 401 }),
      ),
    );
    renderWithStore(<WalletPage />, { at: '/history' });

    expect(await screen.findByText('Unauthorized')).toBeTruthy();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy();
  });
});
