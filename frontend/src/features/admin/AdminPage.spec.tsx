import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiServer, withApiServer } from '../../testing/api-server';
import { descriptionOf, recordRequests, toastRole } from '../../testing/form-queries';
import { aUser, signedInAs } from '../../testing/people';
import { renderWithStore } from '../../testing/render-with-store';
import type { AdminAnalytics } from './admin-api';
import AdminPage from './AdminPage';
import { moderationSchema } from './ModerationTab';
import { resolveDisputeSchema } from './ResolveDisputeDialog';
import { editResolutionSchema } from './ResolvedTab';

withApiServer();

const analytics: AdminAnalytics = { totalUsers: 2, totalBets: 0, totalVolume: '0.00', activeDisputes: 0 };

/** Harper, an admin, on the Admin Dashboard's `tab`. */
async function openAdminTab(
  tab: 'Balance' | 'Moderation' | 'Disputes' | 'Audit Log',
  ...answers: Parameters<typeof apiServer.use>
) {
  signedInAs(aUser({ id: 'u-harper', firstName: 'Harper', username: 'harper', isAdmin: true }));
  apiServer.use(
    http.get('/api/admin/analytics', () => HttpResponse.json(analytics)),
    http.get('/api/admin/users', () => HttpResponse.json({ items: [], nextBefore: null })),
    http.get('/api/admin/audit-log', () => HttpResponse.json({ items: [], nextBefore: null })),
  );
  apiServer.use(...answers);
  renderWithStore(<AdminPage />, { at: '/admin' });
  fireEvent.click(await screen.findByRole('tab', { name: tab }));
}

const field = (label: string) => screen.getByRole('textbox', { name: label });
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const apply = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
/** A refused attempt is over once the button works again. */
const settled = (name: string) =>
  waitFor(() => expect(screen.getByRole('button', { name })).toHaveProperty('disabled', false));

afterEach(() => localStorage.clear());

describe('AdminPage', () => {
  it('adjusts a balance, then clears the form', async () => {
    const sent = recordRequests('post', '/api/admin/balance-adjustment', () =>
      HttpResponse.json({ userId: 'u-rowan', previousBalance: '1000.00', newBalance: '1012.34' }),
    );
    await openAdminTab('Balance');

    type(field('User ID or Username'), ' rowan ');
    type(screen.getByRole('spinbutton', { name: 'Amount' }), '12.34');
    type(field('Reason'), ' Welcome gift for rowan ');
    apply('Apply Adjustment');

    expect(await toastRole('Balance Adjusted')).toBe('status');
    expect(sent).toEqual([
      { userId: 'rowan', amount: '12.34', reason: 'Welcome gift for rowan', type: 'deposit' },
    ]);
    await waitFor(() => expect(field('User ID or Username')).toHaveProperty('value', ''));
    expect(field('Reason')).toHaveProperty('value', '');
  });

  it("says what is missing before asking the server, and shows the server's refusal on its field", async () => {
    const sent = recordRequests('post', '/api/admin/balance-adjustment', () =>
      HttpResponse.json(
        { statusCode: 404, message: 'User not found', fields: { userId: 'User not found' } },
        { status: 404 },
      ),
    );
    await openAdminTab('Balance');

    apply('Apply Adjustment');
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields');
    await settled('Apply Adjustment');

    type(field('User ID or Username'), 'rowan');
    type(screen.getByRole('spinbutton', { name: 'Amount' }), '-5');
    type(field('Reason'), 'Too much');
    apply('Apply Adjustment');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Amount must be a positive number'),
    );
    await settled('Apply Adjustment');

    type(screen.getByRole('spinbutton', { name: 'Amount' }), '5');
    type(field('Reason'), 'Too much, by mistake');
    apply('Apply Adjustment');
    expect(await toastRole('Error')).toBe('alert');
    await waitFor(() => expect(descriptionOf(field('User ID or Username'))).toBe('User not found'));
    expect(field('User ID or Username').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([{ userId: 'rowan', amount: '5', reason: 'Too much, by mistake', type: 'deposit' }]);
  });

  it("answers an amount or reason the server would refuse on its field, in the server's words", async () => {
    const sent = recordRequests('post', '/api/admin/balance-adjustment', () => HttpResponse.json({}));
    await openAdminTab('Balance');

    type(field('User ID or Username'), 'rowan');
    type(field('Reason'), 'Too much');
    type(screen.getByRole('spinbutton', { name: 'Amount' }), '5.555');
    apply('Apply Adjustment');
    await waitFor(() =>
      expect(descriptionOf(screen.getByRole('spinbutton', { name: 'Amount' }))).toBe(
        'Amount must be a valid positive number',
      ),
    );
    expect(descriptionOf(field('Reason'))).toBe('Reason must be at least 10 characters');
    await settled('Apply Adjustment');
    expect(sent).toEqual([]);
  });

  it('applies a moderation action without a duration when none is given', async () => {
    const sent = recordRequests('post', '/api/admin/moderation-action', () =>
      HttpResponse.json({ action: 'ban', userId: 'u-rowan', expiresAt: null }),
    );
    await openAdminTab('Moderation');

    type(field('User ID'), 'rowan');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Action' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Ban' }));
    type(field('Reason'), 'Suspicious activity by rowan');
    apply('Apply Action');

    expect(await toastRole('Moderation Action Applied')).toBe('status');
    expect(sent).toEqual([{ userId: 'rowan', action: 'ban', reason: 'Suspicious activity by rowan' }]);
    await waitFor(() => expect(field('User ID')).toHaveProperty('value', ''));
  });

  it("refuses before sending what the server would refuse, in the server's words", async () => {
    await expect(moderationSchema.validateAt('duration', { duration: '3651' })).rejects.toThrow(
      'Duration must be at most 3650 days',
    );
    await expect(moderationSchema.validateAt('duration', { duration: '30' })).resolves.toBe('30');
    await expect(editResolutionSchema.validateAt('reason', { reason: ' Too short ' })).rejects.toThrow(
      'Reason must be at least 10 characters',
    );
    await expect(
      resolveDisputeSchema.validateAt('resolution', { resolution: 'x'.repeat(2001) }),
    ).rejects.toThrow('Resolution must be at most 2000 characters');
  });

  it('says in words what each audit entry did, in the list and in its filter', async () => {
    const entry = (id: number, action: string) => ({
      id,
      adminId: 'u-harper',
      action,
      targetType: 'user',
      targetId: 'u-rowan',
      reason: 'Welcome gift for rowan',
      previousValue: null,
      newValue: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    await openAdminTab(
      'Audit Log',
      http.get('/api/admin/audit-log', () =>
        HttpResponse.json({
          items: [entry(2, 'edit_resolution'), entry(1, 'balance_deposit')],
          nextBefore: null,
        }),
      ),
    );

    const rows = await screen.findAllByTestId('audit-entry');
    expect(rows.map((row) => row.textContent)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Changed a resolution'),
        expect.stringContaining('Deposit'),
      ]),
    );
    expect(document.body.textContent).not.toMatch(/edit_resolution|balance_deposit/);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Action' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All actions',
      'Changed a resolution',
      'Deposit',
    ]);
  });

  it('asks to resolve a dispute as a draw, not in favor of one', async () => {
    const party = (id: string, username: string, firstName: string) => ({
      id,
      username,
      firstName,
      lastName: 'Park',
      profileImageUrl: null,
      email: `${username}@example.com`,
    });
    const bet = {
      id: 9,
      title: 'Rain on Sunday',
      description: null,
      amount: '10.00',
      outcomes: ['Rain', 'Sun'],
      creatorId: 'u-zoe',
      opponentId: 'u-max',
      creator: party('u-zoe', 'zoe_park', 'Zoë'),
      opponent: party('u-max', 'max_park', 'Max'),
      creatorPick: 'Rain',
      opponentPick: 'Sun',
      creatorResult: 'Rain',
      opponentResult: 'Sun',
      finalResult: 'disputed',
      winnerUserId: null,
      winner: null,
      status: 'disputed',
      resolutionType: 'mutual',
      duration: 168,
      createdAt: '2026-11-20T10:00:00.000Z',
      expiresAt: '2026-11-27T10:00:00.000Z',
      resolutionDate: '2026-11-21T10:00:00.000Z',
      challengeCode: null,
    };
    const asked: string[] = [];
    const confirm = jest.spyOn(window, 'confirm').mockImplementation((text) => {
      asked.push(String(text));
      return false;
    });
    await openAdminTab(
      'Disputes',
      http.get('/api/admin/disputed-bets', () => HttpResponse.json({ items: [bet], nextBefore: null })),
    );

    expect(await screen.findByText('zoe_park (Zoë Park)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resolve as a draw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve dispute' });
    type(within(dialog).getByRole('textbox', { name: /Resolution/ }), 'Nobody could show the forecast');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve Dispute' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toBe('Are you sure you want to resolve this dispute as a draw (both stakes refunded)?');
    confirm.mockRestore();
  });
});
