import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import { toastAdded } from './toast-slice';
import { Toaster } from './Toaster';

describe('Toaster', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows one toast at a time and hides it after 5000 ms', () => {
    const store = makeStore();
    render(
      <Provider store={store}>
        <Toaster />
      </Provider>,
    );
    act(() => {
      store.dispatch(toastAdded({ title: 'First' }));
      store.dispatch(toastAdded({ title: 'Bet Accepted!', variant: 'success' }));
    });
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Bet Accepted!')).toBeTruthy();
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('Bet Accepted!')).toBeTruthy();
    act(() => jest.advanceTimersByTime(2));
    expect(screen.queryByText('Bet Accepted!')).toBeNull();
  });
});
