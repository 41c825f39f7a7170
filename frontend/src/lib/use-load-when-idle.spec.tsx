import { act, renderHook } from '@testing-library/react';
import { useLoadWhenIdle } from './use-load-when-idle';

/** A load that resolves when told to. */
function deferredLoad() {
  let finish: () => void = () => undefined;
  const load = jest.fn(
    () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
  );
  return { load, finish: () => finish() };
}

describe('useLoadWhenIdle', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs the loads one at a time, each once the browser is idle again', async () => {
    const first = deferredLoad();
    const second = deferredLoad();
    renderHook(() => useLoadWhenIdle(first.load));
    renderHook(() => useLoadWhenIdle(second.load));
    expect(first.load).not.toHaveBeenCalled();

    act(() => jest.advanceTimersByTime(1000));
    expect(first.load).toHaveBeenCalledTimes(1);
    // The second waits for the first, however long that takes.
    act(() => jest.advanceTimersByTime(5000));
    expect(second.load).not.toHaveBeenCalled();

    await act(async () => first.finish());
    expect(second.load).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1000));
    expect(second.load).toHaveBeenCalledTimes(1);
    await act(async () => second.finish());
  });

  it('goes on after a failed load, and skips the load of a screen that has gone', async () => {
    const failing = jest.fn(() => Promise.reject(new Error('offline')));
    const gone = jest.fn(() => Promise.resolve());
    const last = jest.fn(() => Promise.resolve());
    renderHook(() => useLoadWhenIdle(failing));
    const goneHook = renderHook(() => useLoadWhenIdle(gone));
    renderHook(() => useLoadWhenIdle(last));
    goneHook.unmount();

    act(() => jest.advanceTimersByTime(1000));
    expect(failing).toHaveBeenCalledTimes(1);
    await act(async () => undefined);
    act(() => jest.advanceTimersByTime(1000));
    expect(last).toHaveBeenCalledTimes(1);
    expect(gone).not.toHaveBeenCalled();
  });
});
