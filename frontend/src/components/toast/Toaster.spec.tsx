import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../store/store';
import { installPointerEvents } from '../../testing/pointer-events';
import { toastAdded } from './toast-slice';
import { Toaster } from './Toaster';

describe('Toaster', () => {
  beforeAll(() => installPointerEvents());
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  // The toasts (MUI's Alert) load with the first one (React.lazy): each test waits for its toast to show.
  it('shows one toast at a time and hides it after 5000 ms', async () => {
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
    expect(await screen.findByText('Bet Accepted!')).toBeTruthy();
    expect(screen.queryByText('First')).toBeNull();
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('Bet Accepted!')).toBeTruthy();
    act(() => jest.advanceTimersByTime(2));
    expect(screen.queryByText('Bet Accepted!')).toBeNull();
  });

  function renderToaster() {
    const store = makeStore();
    render(
      <Provider store={store}>
        <Toaster />
      </Provider>,
    );
    return store;
  }

  function swipe(element: HTMLElement, distance: number) {
    fireEvent.pointerDown(element, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(element, { clientX: 100 + distance, pointerId: 1 });
    fireEvent.pointerUp(element, { clientX: 100 + distance, pointerId: 1 });
  }

  it('dismisses on a swipe right beyond 50 px, not on a shorter one', async () => {
    const store = renderToaster();
    act(() => {
      store.dispatch(toastAdded({ title: 'Friend request sent!' }));
    });
    swipe(await screen.findByRole('status'), 40);
    expect(screen.getByText('Friend request sent!')).toBeTruthy();
    swipe(screen.getByRole('status'), 80);
    expect(screen.queryByText('Friend request sent!')).toBeNull();
    // A dismissed toast is kept (closed) until its removal delay has passed.
    expect(store.getState().toasts.items).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1_000_000));
    expect(store.getState().toasts.items).toHaveLength(0);
  });

  it('announces destructive toasts as alerts and focuses the region on F8', async () => {
    const store = renderToaster();
    act(() => {
      store.dispatch(
        toastAdded({ title: 'Error', description: 'Failed to deny challenge', variant: 'destructive' }),
      );
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to deny challenge');
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(document.activeElement).not.toBe(region);
    fireEvent.keyDown(window, { key: 'F8' });
    expect(document.activeElement).toBe(region);
  });

  it('keeps its region readable when an open dialog hides the rest of the page (aria-hidden)', async () => {
    render(
      <Provider store={makeStore()}>
        <Toaster />
      </Provider>,
    );
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.parentElement).toBe(document.body);
    region.setAttribute('aria-hidden', 'true');
    await act(async () => {
      await Promise.resolve();
    });
    expect(region.hasAttribute('aria-hidden')).toBe(false);
  });
});
