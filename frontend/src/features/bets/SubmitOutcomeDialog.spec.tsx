import { fireEvent, screen, waitFor } from '@testing-library/react';
import { withApiServer } from '../../testing/api-server';
import { renderWithStore } from '../../testing/render-with-store';
import { aBet, me } from './bet-fixture';
import { consequenceOf } from './bet-result';
import { SubmitOutcomeDialog } from './SubmitOutcomeDialog';

withApiServer();

describe('SubmitOutcomeDialog', () => {
  it('asks which of many outcomes happened, says what it means, and keeps the answer when going back', async () => {
    const bet = aBet({ status: 'active' });
    renderWithStore(<SubmitOutcomeDialog bet={bet} viewerId={me} onClose={() => {}} />);

    const next = await screen.findByRole('button', { name: 'Continue' });
    expect(next).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Blues' }));
    await waitFor(() => expect(next).toHaveProperty('disabled', false));
    fireEvent.click(next);

    // Maya picked Blues: saying Blues happened is saying I lost.
    const back = await screen.findByRole('button', { name: 'Back' });
    expect(screen.getByRole('button', { name: 'Send my report' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(consequenceOf(bet, me, 'LOSE'));
    fireEvent.click(back);
    expect(await screen.findByRole('radio', { name: 'Blues' })).toHaveProperty('checked', true);
  });
});
