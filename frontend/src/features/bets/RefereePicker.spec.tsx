import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiServer, withApiServer } from '../../testing/api-server';
import { renderWithStore } from '../../testing/render-with-store';
import type { PersonResult } from './people-api';
import { RefereePicker } from './RefereePicker';

withApiServer();

const friend = (id: string, firstName: string) =>
  ({ id, username: firstName.toLowerCase(), firstName, lastName: 'Ray', profileImageUrl: null }) as PersonResult;
const records: Record<string, { visible: boolean; calls: number; appealed: number; overturned: number }> = {
  ana: { visible: true, calls: 4, appealed: 1, overturned: 0 },
  ben: { visible: false, calls: 0, appealed: 0, overturned: 0 },
  cy: { visible: true, calls: 1, appealed: 0, overturned: 0 },
};

beforeEach(() => {
  apiServer.use(
    http.get('/api/friends', () =>
      HttpResponse.json({ items: [friend('ana', 'Ana'), friend('ben', 'Ben'), friend('cy', 'Cy')] }),
    ),
    http.get('/api/bets/referees/:id/record', ({ params }) =>
      HttpResponse.json({ userId: params.id, ...records[String(params.id)] }),
    ),
  );
});

describe('RefereePicker', () => {
  it('lists friends who do not play, each with their record, narrows by search, and picks one', async () => {
    const onPick = jest.fn();
    renderWithStore(<RefereePicker playerIds={['cy']} value="" onPick={onPick} />);
    const list = await screen.findByRole('list', { name: 'Choose a referee' });
    // Cy plays in the bet, so she is not offered.
    expect(await within(list).findByText('4 calls · 1 appealed · 0 overturned')).toBeTruthy();
    expect(await within(list).findByText('Record private')).toBeTruthy();
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    expect(within(list).queryByRole('button', { name: /Cy/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Search your friends'), { target: { value: 'be' } });
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    fireEvent.click(within(list).getByRole('button', { name: /Ben/ }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 'ben' }));
    fireEvent.change(screen.getByLabelText('Search your friends'), { target: { value: 'zed' } });
    expect(screen.getByText('No friend matches your search.')).toBeTruthy();
  });

  it('says so when every friend plays', async () => {
    renderWithStore(<RefereePicker playerIds={['ana', 'ben', 'cy']} value="" onPick={() => {}} />);
    expect(
      await screen.findByText('No friend who is not playing: add a friend first to have them referee.'),
    ).toBeTruthy();
  });
});
