import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiServer, withApiServer } from '../../testing/api-server';
import { renderWithStore } from '../../testing/render-with-store';
import type { Challenge } from './challenges-api';
import ChallengePage from './ChallengePage';

withApiServer();

const CODE = 'q3Xv0cJ9yB2mT8kLwZ1aRg';
const open: Challenge = {
  code: CODE,
  title: 'Snow on Friday',
  amount: '25.00',
  outcomes: ['Snow', 'No snow', 'Sleet'],
  creatorPick: 'Snow',
  creator: { id: 'creator-1', displayName: 'Maya Lopez' },
  status: 'open',
  expiresAt: new Date(Date.now() + 3 * 24 * 3_600_000).toISOString(),
};

function answerChallenge(...answers: (Challenge | { status: number; message: string })[]) {
  let call = 0;
  apiServer.use(
    http.get(`/api/challenges/${CODE}`, () => {
      const answer = answers[Math.min(call++, answers.length - 1)];
      if (answer && 'code' in answer) return HttpResponse.json(answer);
      return HttpResponse.json(
        { statusCode: answer?.status, message: answer?.message },
        { status: answer?.status ?? 500 },
      );
    }),
  );
}

function signedIn(id: string) {
  localStorage.setItem('auth_token', 'token');
  apiServer.use(
    http.get('/api/auth/user', () =>
      HttpResponse.json({ id, firstName: 'Rowan', lastName: 'Park', username: 'rowan', balance: '1000.00' }),
    ),
  );
}

const render = () =>
  renderWithStore(<ChallengePage />, { at: `/c/${CODE}`, path: '/c/:code', otherRoutes: ['/'] });

describe('ChallengePage (/c/:code)', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('signed out: shows the terms and the creator’s name, and keeps the link across sign-up', async () => {
    answerChallenge(open);
    render();
    expect(screen.getByRole('status', { name: 'Loading challenge' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Maya Lopez challenged you to a bet' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Snow on Friday' })).toBeTruthy();
    expect(screen.getByText('Maya Lopez’s pick')).toBeTruthy();
    expect(screen.getByText('The winner takes $50.00')).toBeTruthy();
    expect(screen.getByText('3 days left to accept')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up to Accept' }));
    expect(sessionStorage.getItem('betwixt.pending_challenge')).toBe(CODE);
  });

  it.each([
    ['taken', 'This challenge was already taken'],
    ['cancelled', 'This challenge was cancelled'],
    ['expired', 'This challenge has expired'],
  ] as const)('a %s challenge says so', async (status, heading) => {
    answerChallenge({ ...open, status });
    render();
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Accept|Sign Up/ })).toBeNull();
  });

  it('an unknown code gets a page that says the link does not work', async () => {
    answerChallenge({ status: 404, message: 'This challenge link does not exist.' });
    render();
    expect(await screen.findByRole('heading', { name: 'This challenge link doesn’t work' })).toBeTruthy();
    expect(screen.getByText('This challenge link does not exist.')).toBeTruthy();
  });

  it('a server failure offers to try again', async () => {
    answerChallenge({ status: 503, message: 'down' }, open);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Maya Lopez challenged you to a bet' })).toBeTruthy();
  });

  it('the creator is told it is their own challenge, with the link to share', async () => {
    signedIn('creator-1');
    answerChallenge(open);
    render();
    expect(await screen.findByRole('heading', { name: 'This is your own challenge' })).toBeTruthy();
    expect(screen.getByTestId('challenge-link').textContent).toMatch(new RegExp(`/c/${CODE}$`));
    expect(screen.queryByRole('button', { name: /Accept for/ })).toBeNull();
  });

  it('signed in: asks for a pick other than the creator’s, and a lost race shows the link is taken', async () => {
    signedIn('rowan-1');
    answerChallenge(open, { ...open, status: 'taken' });
    apiServer.use(
      http.post(`/api/challenges/${CODE}/accept`, () =>
        HttpResponse.json(
          {
            statusCode: 409,
            code: 'challenge_taken',
            message: 'Someone else accepted this challenge first.',
          },
          { status: 409 },
        ),
      ),
    );
    render();
    const accept = await screen.findByRole('button', { name: 'Accept for $25.00' });
    const picks = within(screen.getByRole('radiogroup', { name: 'Your pick' }));
    expect(picks.queryByRole('radio', { name: 'Snow' })).toBeNull();
    fireEvent.click(accept);
    expect((await screen.findByRole('alert')).textContent).toBe('Please select your predicted outcome.');
    fireEvent.click(picks.getByRole('radio', { name: 'Sleet' }));
    fireEvent.click(accept);
    expect(await screen.findByText('Someone else accepted this challenge first.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'This challenge was already taken' })).toBeTruthy();
  });
});

describe('ChallengePage for a group pot’s link', () => {
  afterEach(() => localStorage.clear());

  it('offers every outcome, and a friend request when the creator is not a friend yet', async () => {
    answerChallenge({ ...open, kind: 'pot', joinBy: open.expiresAt });
    signedIn('visitor-1');
    apiServer.use(
      http.post(`/api/challenges/${CODE}/accept`, () =>
        HttpResponse.json(
          { statusCode: 403, message: 'Only friends of the person who started this pot can join it' },
          { status: 403 },
        ),
      ),
    );
    render();
    expect(
      await screen.findByRole('heading', { name: 'Maya Lopez invited you to a group pot' }),
    ).toBeTruthy();
    expect(screen.getByText('A group pot: whoever picks right splits it')).toBeTruthy();
    // The creator's own pick may be picked again.
    fireEvent.click(screen.getByRole('radio', { name: 'Snow' }));
    fireEvent.click(screen.getByRole('button', { name: 'Join for $25.00' }));
    expect(
      await screen.findByText('Only friends of the person who started this pot can join it'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add friend' })).toBeTruthy();
  });
});
