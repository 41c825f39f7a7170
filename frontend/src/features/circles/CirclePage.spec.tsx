import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiServer, withApiServer } from '../../testing/api-server';
import { aUser, signedInAs } from '../../testing/people';
import { renderWithStore } from '../../testing/render-with-store';
import type { Circle, Comment, FeedPage } from './circles-api';
import CirclePage from './CirclePage';

withApiServer();
afterEach(() => localStorage.clear());

const casey = aUser();
const person = (id: string, firstName: string) => ({
  id,
  username: firstName.toLowerCase(),
  firstName,
  lastName: 'Tester',
  profileImageUrl: null,
});
const maya = person('u-maya', 'Maya');

function aCircle(role: Circle['role']): Circle {
  return {
    id: 'c-1',
    name: '<b>Friday</b> crew',
    pictureUrl: null,
    role,
    memberCount: 2,
    seasonLength: 'monthly',
    season: {
      number: 1,
      startsAt: '2026-11-01T00:00:00Z',
      endsAt: '2026-12-01T00:00:00Z',
      endedAt: null,
      winnerId: null,
    },
    members: [
      { person: { ...casey, profileImageUrl: null }, role: 'owner', joinedAt: '2026-11-01T00:00:00Z' },
      { person: maya, role: 'member', joinedAt: '2026-11-02T00:00:00Z' },
    ],
    inviteCode: role ? 'code123' : null,
    createdAt: '2026-11-01T00:00:00Z',
  };
}

const feed: FeedPage = {
  items: [
    {
      id: 7,
      kind: 'settled',
      createdAt: '2026-11-20T10:00:00Z',
      bet: {
        id: 41,
        title: 'Reds win',
        status: 'completed',
        amount: '10.00',
        players: [
          { person: { ...casey, profileImageUrl: null }, result: 'won', net: '10.00' },
          { person: maya, result: 'lost', net: null },
        ],
      },
      season: null,
      commentCount: 1,
      reactions: [{ emoji: '🔥', count: 1, mine: false, by: [maya] }],
    },
  ],
  nextBefore: null,
};

const comment: Comment = {
  id: 3,
  itemId: 7,
  author: maya,
  body: '<img src=x onerror=alert(1)> nice',
  hidden: false,
  hiddenReason: null,
  createdAt: '2026-11-20T10:05:00Z',
  editedAt: null,
  mine: false,
};

function answer(circle: Circle | null) {
  apiServer.use(
    http.get('/api/circles/c-1', () =>
      circle
        ? HttpResponse.json(circle)
        : HttpResponse.json({ statusCode: 404, message: 'Circle not found' }, { status: 404 }),
    ),
    http.get('/api/circles/c-1/feed', () => HttpResponse.json(feed)),
    http.get('/api/feed/7/comments', () => HttpResponse.json({ items: [comment], nextBefore: null })),
  );
}

describe('CirclePage', () => {
  it('shows the 404 page to anyone the server does not let in', async () => {
    signedInAs(casey);
    answer(null);
    renderWithStore(<CirclePage />, { at: '/circles/c-1', path: '/circles/:id' });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
  });

  it('shows names, results, reactions and comments as text, never as HTML', async () => {
    signedInAs(casey);
    answer(aCircle('owner'));
    const { container } = renderWithStore(<CirclePage />, { at: '/circles/c-1', path: '/circles/:id' });

    expect(await screen.findByRole('heading', { level: 1, name: '<b>Friday</b> crew' })).toBeTruthy();
    const post = await screen.findByRole('article', { name: 'Bet settled' });
    expect(within(post).getByText('Casey Reed won (+$10.00)')).toBeTruthy();
    // Maya's balance is private to Casey: her result shows, her money does not.
    expect(within(post).getByText('Maya Tester lost')).toBeTruthy();
    const fire = within(post).getByRole('button', { name: 'fire, 1. fire: Maya Tester' });
    expect(fire.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(within(post).getByRole('button', { name: '1 comment' }));
    expect(await within(post).findByText('<img src=x onerror=alert(1)> nice')).toBeTruthy();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(within(post).getByRole('textbox', { name: 'Write a comment' })).toBeTruthy();
    // Not an admin: no Hide; not hers to edit.
    expect(within(post).queryByRole('button', { name: /Hide/ })).toBeNull();
    expect(within(post).queryByRole('button', { name: 'Edit your comment' })).toBeNull();
  });

  it('lets an admin read and hide, but not comment or react', async () => {
    signedInAs(aUser({ isAdmin: true }));
    answer(aCircle(null));
    renderWithStore(<CirclePage />, { at: '/circles/c-1', path: '/circles/:id' });

    const post = await screen.findByRole('article', { name: 'Bet settled' });
    expect(within(post).queryByRole('button', { name: 'React' })).toBeNull();
    fireEvent.click(within(post).getByRole('button', { name: '1 comment' }));
    const hide = await within(post).findByRole('button', { name: 'Hide Maya Tester’s comment' });
    expect(within(post).queryByRole('textbox', { name: 'Write a comment' })).toBeNull();
    fireEvent.click(hide);
    expect(await screen.findByRole('dialog', { name: 'Hide this comment?' })).toBeTruthy();
  });
});
