import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../../store/store';
import { toApiError } from '../../lib/errors';
import { useMutationToast } from './use-mutation-toast';

/** What RTK Query's unwrap() rejects with: the error payload, a plain object rather than an Error. */
const rejectWith = (error: unknown) =>
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- that is the shape being tested
  Promise.reject(error);

function setUp() {
  const store = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(() => useMutationToast(), { wrapper });
  const shown = () =>
    store.getState().toasts.items.map(({ title, description, variant }) => ({ title, description, variant }));
  return { run: result.current, shown };
}

describe('useMutationToast', () => {
  it('hands back the answer and shows the success toast, worded from the answer when asked', async () => {
    const { run, shown } = setUp();
    let outcome;
    await act(async () => {
      outcome = await run(() => Promise.resolve({ alreadyFriends: true }), {
        success: (answer) => ({ title: answer.alreadyFriends ? 'Already friends' : 'Friend added!' }),
        failure: { title: 'Could not add friend' },
      });
    });
    expect(outcome).toEqual({ ok: true, value: { alreadyFriends: true } });
    expect(shown()).toEqual([{ title: 'Already friends', description: undefined, variant: 'success' }]);
  });

  it('a call that answers nothing still counts as done, and no toast is shown when none is asked for', async () => {
    const { run, shown } = setUp();
    let outcome;
    await act(async () => {
      outcome = await run(() => Promise.resolve(undefined), { failure: { title: 'Error' } });
    });
    expect(outcome).toEqual({ ok: true, value: undefined });
    expect(shown()).toEqual([]);
  });

  it("a failure shows the server's own message, or the fallback when it sent none", async () => {
    const { run, shown } = setUp();
    const failure = { title: 'Error', fallback: 'Failed to accept bet' };
    const refusal = toApiError(400, 'Bad Request', '{"message":"Insufficient balance to accept this bet"}');
    let outcome;
    await act(async () => {
      outcome = await run(() => rejectWith(refusal), { success: { title: 'Bet Accepted!' }, failure });
    });
    // The error is kept, so a form can put the server's field messages on its fields.
    expect(outcome).toEqual({ ok: false, error: refusal });
    expect(shown()).toEqual([
      { title: 'Error', description: 'Insufficient balance to accept this bet', variant: 'destructive' },
    ]);
    await act(async () => {
      await run(() => rejectWith(toApiError(502, 'Bad Gateway', '<html>')), { failure });
    });
    expect(shown()).toEqual([
      { title: 'Error', description: 'Failed to accept bet', variant: 'destructive' },
    ]);
  });
});
