import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createTheme } from '@mui/material/styles';
import { http, HttpResponse } from 'msw';
import { apiServer, withApiServer } from '../../testing/api-server';
import { descriptionOf, recordRequests, toastRole } from '../../testing/form-queries';
import { aUser, signedInAs } from '../../testing/people';
import { renderWithStore } from '../../testing/render-with-store';
import AccountPage from './AccountPage';

withApiServer();

const casey = aUser();

afterEach(() => localStorage.clear());
beforeEach(() => apiServer.use(http.get('/api/circles/trophies/:userId', () => HttpResponse.json([]))));

describe('AccountPage', () => {
  it('shows the season trophies on the profile, naming the circle only when the server does', async () => {
    signedInAs(casey);
    apiServer.use(
      http.get('/api/circles/trophies/:userId', () =>
        HttpResponse.json([
          { circleId: 'c-1', circleName: 'Friday crew', seasonNumber: 2, awardedAt: '2026-11-01T00:00:00Z' },
          { circleId: null, circleName: null, seasonNumber: 5, awardedAt: '2026-10-01T00:00:00Z' },
        ]),
      ),
    );
    renderWithStore(<AccountPage />, { at: '/account' });

    expect(await screen.findByRole('heading', { name: 'Trophies (2)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Friday crew' }).getAttribute('href')).toBe('/circles/c-1?tab=table');
    expect(screen.getByText('Season 5 winner in a circle')).toBeTruthy();
  });

  it("shows the server's refusal of a profile field on that field, and stays in edit mode", async () => {
    signedInAs(casey);
    const sent = recordRequests('patch', '/api/user/profile', () =>
      HttpResponse.json(
        {
          statusCode: 400,
          message: 'This phone number belongs to another account',
          fields: { phoneNumber: 'This phone number belongs to another account' },
        },
        { status: 400 },
      ),
    );
    renderWithStore(<AccountPage />, { at: '/account' });

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), {
      target: { value: '+1 503 555 0100' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await toastRole('Update failed')).toBe('alert');
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(phone)).toContain('This phone number belongs to another account');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'First Name' }).getAttribute('aria-invalid')).toBe('false');
    expect(sent).toEqual([
      { firstName: 'Casey', lastName: 'Reed', phoneNumber: '+1 503 555 0100', state: 'Oregon' },
    ]);
  });

  it('refuses an empty first name on its field without asking the server', async () => {
    signedInAs(casey);
    const sent = recordRequests('patch', '/api/user/profile', () => HttpResponse.json(casey));
    renderWithStore(<AccountPage />, { at: '/account' });

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'First Name' }), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const firstName = screen.getByRole('textbox', { name: 'First Name' });
    await waitFor(() => expect(descriptionOf(firstName)).toContain('First name is required'));
    expect(sent).toEqual([]);
  });

  it('checks a new password against the sign-up rules, then changes it', async () => {
    signedInAs(casey);
    const sent = recordRequests('post', '/api/settings/password', () =>
      HttpResponse.json({ token: 'token-2', user: casey }),
    );
    renderWithStore(<AccountPage />, { at: '/account' });

    fireEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    const current = within(dialog).getByLabelText('Current password');
    const next = within(dialog).getByLabelText('New password');
    const change = within(dialog).getByRole('button', { name: 'Change Password' });
    expect(change).toHaveProperty('disabled', true);

    fireEvent.change(current, { target: { value: 'Old-pass1!' } });
    fireEvent.change(next, { target: { value: 'short' } });
    fireEvent.click(change);
    await waitFor(() => expect(descriptionOf(next)).toContain('Password must be at least 8 characters'));

    fireEvent.change(next, { target: { value: 'longenough1' } });
    await waitFor(() =>
      expect(descriptionOf(next)).toContain(
        'Password must contain uppercase, lowercase, number, and special character',
      ),
    );
    fireEvent.click(change);
    // The refused attempt is over once the button works again, and it sent nothing.
    await waitFor(() => expect(change).toHaveProperty('disabled', false));
    expect(sent).toEqual([]);

    fireEvent.change(next, { target: { value: 'New-pass1!' } });
    fireEvent.click(change);
    expect(await toastRole('Password changed')).toBe('status');
    expect(sent).toEqual([{ currentPassword: 'Old-pass1!', newPassword: 'New-pass1!' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Password' })).toBeNull());
    expect(localStorage.getItem('auth_token')).toBe('token-2');
  });
});

describe('Analytics tab', () => {
  // Page tests render without the app's theme: MUI's default palette colours the figures.
  const { palette } = createTheme();
  const rgbOf = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
    return `rgb(${r}, ${g}, ${b})`;
  };

  const figures = {
    winRate: 50,
    profitLoss: '-40.00',
    totalBetsCreated: 2,
    totalBetsWon: 1,
    totalBetsLost: 1,
    currentStreak: 0,
    longestWinStreak: 1,
    avgBetAmount: '52.50',
    activeBets: 0,
    pendingBets: 0,
    totalAmountWagered: '105.00',
    totalAmountWon: '-40.00',
    friendsCount: 1,
    profitHistory: [],
    recentActivity: [
      { description: 'You won: Reds vs Blues', date: '2026-11-20T10:00:00.000Z', amount: '65.00', betId: 7 },
      {
        description: 'You lost: Rain on Sunday',
        date: '2026-11-19T10:00:00.000Z',
        amount: '-40.00',
        betId: 8,
      },
    ],
  };

  async function openAnalytics(answer: typeof figures) {
    signedInAs(casey);
    apiServer.use(http.get('/api/analytics/user-stats', () => HttpResponse.json(answer)));
    renderWithStore(<AccountPage />, { at: '/account' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Analytics' }));
  }

  it('shows a loss in red and a gain in green, the sign before the dollar', async () => {
    await openAnalytics(figures);
    const loss = await screen.findByText('−$40.00', { selector: '.MuiTypography-h5' });
    expect(getComputedStyle(loss).color).toBe(rgbOf(palette.error.main));
    expect(screen.getByText(/Total Won:/).textContent).toBe('Total Won: −$40.00');
    cleanup();

    await openAnalytics({ ...figures, profitLoss: '65.00' });
    const gain = await screen.findByText('+$65.00', { selector: '.MuiTypography-h5' });
    expect(getComputedStyle(gain).color).toBe(rgbOf(palette.success.main));
  });

  it('lists recent activity in words, each with a signed amount badge', async () => {
    await openAnalytics(figures);
    const card = (await screen.findByText('Recent Activity')).closest('.MuiCard-root') as HTMLElement;
    expect(within(card).getByText('You won a bet: “Reds vs Blues”')).toBeTruthy();
    expect(within(card).getByText('You lost a bet: “Rain on Sunday”')).toBeTruthy();
    expect(within(card).getByText('+$65.00')).toBeTruthy();
    expect(within(card).getByText('−$40.00')).toBeTruthy();
  });
});
