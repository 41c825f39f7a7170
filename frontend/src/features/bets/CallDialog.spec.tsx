import { fireEvent, screen, waitFor } from '@testing-library/react';
import { withApiServer } from '../../testing/api-server';
import { renderWithStore } from '../../testing/render-with-store';
import { aBet } from './bet-fixture';
import { CallDialog } from './CallDialog';

withApiServer();

describe('CallDialog', () => {
  it('says what the call means for each player and how much note is missing, as the referee types', async () => {
    const bet = aBet({ status: 'active', amount: '30.00', opponentAmount: '10.00', resolutionType: 'referee' });
    renderWithStore(<CallDialog bet={bet} onClose={() => {}} />);
    const send = screen.getByRole('button', { name: 'Send my call' });
    expect(send).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Reds' }));
    expect(screen.getByRole('status').textContent).toContain(
      'Me wins $10.00 (Maya’s stake) and gets their own $30.00 back.',
    );
    fireEvent.click(screen.getByRole('radio', { name: 'No clear outcome' }));
    expect(screen.getByRole('status').textContent).toContain('Nobody wins: both stakes go back to the players.');
    const note = screen.getByLabelText('Your note to the players');
    fireEvent.change(note, { target: { value: 'Final' } });
    expect(screen.getByText('5 more characters (10 at least)')).toBeTruthy();
    expect(send).toHaveProperty('disabled', true);
    fireEvent.change(note, { target: { value: 'Final whistle at 2-2.' } });
    expect(screen.queryByText(/more characters?/)).toBeNull();
    // Formik validates after the change: wait for it so nothing updates after the test.
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
  });
});
