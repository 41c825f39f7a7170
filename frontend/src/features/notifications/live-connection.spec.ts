import {
  connectLive,
  loadedOnFirstUse,
  reconnectDelay,
  type LiveHandlers,
  type LiveSourceCallbacks,
} from './live-connection';

function fakeSources() {
  const opened: { callbacks: LiveSourceCallbacks; closed: boolean; lastEventId?: string }[] = [];
  const open = (callbacks: LiveSourceCallbacks, lastEventId?: string) => {
    const source = { callbacks, closed: false, lastEventId };
    opened.push(source);
    return { close: () => (source.closed = true) };
  };
  const latest = () => {
    const source = opened[opened.length - 1];
    if (!source) throw new Error('no source opened');
    return source;
  };
  return { opened, open, latest };
}

function handlers(): jest.Mocked<LiveHandlers> {
  return {
    onStatus: jest.fn(),
    onReady: jest.fn(),
    onNotification: jest.fn(),
    onChanged: jest.fn(),
    onCircle: jest.fn(),
    onUnauthorized: jest.fn(),
  };
}

describe('reconnectDelay', () => {
  it('doubles from about a second and stops growing at 30 s', () => {
    const top = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => reconnectDelay(attempt, top))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(reconnectDelay(2, () => 0)).toBe(2000);
  });
});

describe('connectLive', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('passes notifications and changed topics on, and reports the connection', () => {
    const sources = fakeSources();
    const on = handlers();
    connectLive(sources.open, on);
    sources.latest().callbacks.onEvent('ready', '{}');
    expect(on.onStatus).toHaveBeenLastCalledWith(true);
    expect(on.onReady).toHaveBeenCalledWith(false);
    sources.latest().callbacks.onEvent('changed', '{"topics":["bets","wallet"]}');
    expect(on.onChanged).toHaveBeenCalledWith(['bets', 'wallet']);
    sources.latest().callbacks.onEvent('notification', '{"id":9,"title":"New challenge"}');
    expect(on.onNotification).toHaveBeenCalledWith({ id: 9, title: 'New challenge' });
    sources.latest().callbacks.onEvent('changed', 'not json');
    sources.latest().callbacks.onEvent('notification', '{}');
    expect(on.onChanged).toHaveBeenCalledTimes(1);
    expect(on.onNotification).toHaveBeenCalledTimes(1);
  });

  it('passes circle changes on and drops malformed ones', () => {
    const sources = fakeSources();
    const on = handlers();
    connectLive(sources.open, on);
    sources.latest().callbacks.onEvent('ready', '{}');
    sources.latest().callbacks.onEvent('circle', '{"circleId":"c1","itemId":4,"change":"comment"}');
    expect(on.onCircle).toHaveBeenCalledWith({ circleId: 'c1', itemId: 4, change: 'comment' });
    sources.latest().callbacks.onEvent('circle', '{"circleId":"c1"}');
    sources.latest().callbacks.onEvent('circle', 'not json');
    expect(on.onCircle).toHaveBeenCalledTimes(1);
  });

  it('reconnects with a growing delay and resets it once connected', () => {
    jest.spyOn(Math, 'random').mockReturnValue(1);
    const sources = fakeSources();
    const on = handlers();
    connectLive(sources.open, on);
    sources.latest().callbacks.onError(undefined);
    expect(sources.opened[0]?.closed).toBe(true);
    expect(on.onStatus).toHaveBeenLastCalledWith(false);
    jest.advanceTimersByTime(999);
    expect(sources.opened).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(sources.opened).toHaveLength(2);
    sources.latest().callbacks.onError(undefined);
    jest.advanceTimersByTime(1999);
    expect(sources.opened).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(sources.opened).toHaveLength(3);
    // The first success is not a reconnection; the delay starts over from about a second.
    sources.latest().callbacks.onEvent('ready', '{}');
    expect(on.onReady).toHaveBeenLastCalledWith(false);
    sources.latest().callbacks.onError(undefined);
    jest.advanceTimersByTime(1000);
    expect(sources.opened).toHaveLength(4);
    // After a drop, events may have been missed: the next ready says so.
    sources.latest().callbacks.onEvent('ready', '{}');
    expect(on.onReady).toHaveBeenLastCalledWith(true);
    jest.restoreAllMocks();
  });

  it('asks for a fresh sign-in check when the session is refused', () => {
    const sources = fakeSources();
    const on = handlers();
    connectLive(sources.open, on);
    sources.latest().callbacks.onError(401);
    expect(on.onUnauthorized).toHaveBeenCalledTimes(1);
    sources.latest().callbacks.onError(500);
    expect(on.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('closes the stream and stops reconnecting when stopped (logout)', () => {
    const sources = fakeSources();
    const stop = connectLive(sources.open, handlers());
    sources.latest().callbacks.onError(undefined);
    stop();
    jest.advanceTimersByTime(60_000);
    expect(sources.opened).toHaveLength(1);

    const again = fakeSources();
    const stopAgain = connectLive(again.open, handlers());
    stopAgain();
    expect(again.latest().closed).toBe(true);
    again.latest().callbacks.onError(undefined);
    jest.advanceTimersByTime(60_000);
    expect(again.opened).toHaveLength(1);
  });

  it('resumes after the last event id it saw, whatever ended the stream', () => {
    const sources = fakeSources();
    connectLive(sources.open, handlers(), undefined, () => 1);
    expect(sources.latest().lastEventId).toBeUndefined();
    sources.latest().callbacks.onEvent('ready', '{}', '40');
    sources.latest().callbacks.onEvent('notification', '{"id":41}', '41');
    sources.latest().callbacks.onEvent('changed', '{"topics":["bets"]}', '41');
    sources.latest().callbacks.onError(undefined);
    jest.advanceTimersByTime(1_000);
    expect(sources.opened).toHaveLength(2);
    expect(sources.latest().lastEventId).toBe('41');
    // Nothing seen on the new stream yet: a second failure resumes from the same place.
    sources.latest().callbacks.onError(undefined);
    jest.advanceTimersByTime(2_000);
    expect(sources.latest().lastEventId).toBe('41');
  });

  it('reconnects soon, with its Last-Event-ID, when the server says its instance is going away', () => {
    const sources = fakeSources();
    const on = handlers();
    connectLive(sources.open, on, undefined, () => 1);
    sources.latest().callbacks.onEvent('ready', '{}', '7');
    sources.latest().callbacks.onEvent('reconnect', '{}', '7');
    expect(sources.opened[0]?.closed).toBe(true);
    // Not a failure: the status stays connected and the delay is the short one, not the backoff.
    expect(on.onStatus).not.toHaveBeenCalledWith(false);
    jest.advanceTimersByTime(499);
    expect(sources.opened).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(sources.opened).toHaveLength(2);
    expect(sources.latest().lastEventId).toBe('7');
    // The old stream's end, reported late, changes nothing.
    sources.opened[0]?.callbacks.onError(undefined);
    jest.advanceTimersByTime(60_000);
    expect(sources.opened).toHaveLength(2);
    expect(sources.latest().closed).toBe(false);
    sources.latest().callbacks.onEvent('ready', '{}', '7');
    expect(on.onReady).toHaveBeenLastCalledWith(true);
  });

  it('waits the longest backoff when its stream was closed for a newer one of the same person', () => {
    const sources = fakeSources();
    connectLive(sources.open, handlers(), undefined, () => 1);
    sources.latest().callbacks.onEvent('ready', '{}', '7');
    sources.latest().callbacks.onEvent('reconnect', '{"reason":"superseded"}', '7');
    jest.advanceTimersByTime(29_999);
    expect(sources.opened).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(sources.opened).toHaveLength(2);
    expect(sources.latest().lastEventId).toBe('7');
  });
});

describe('loadedOnFirstUse', () => {
  const callbacks = (): jest.Mocked<LiveSourceCallbacks> => ({ onEvent: jest.fn(), onError: jest.fn() });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('opens the stream once its code has loaded, with the same callbacks and Last-Event-ID', async () => {
    const sources = fakeSources();
    const given = callbacks();
    loadedOnFirstUse(() => Promise.resolve(sources.open))(given, '41');
    expect(sources.opened).toHaveLength(0);
    await settle();
    expect(sources.latest().callbacks).toBe(given);
    expect(sources.latest().lastEventId).toBe('41');
  });

  it('never opens a stream closed before its code arrived, and closes an open one', async () => {
    const sources = fakeSources();
    const open = loadedOnFirstUse(() => Promise.resolve(sources.open));
    open(callbacks()).close();
    await settle();
    expect(sources.opened).toHaveLength(0);
    const second = open(callbacks());
    await settle();
    second.close();
    expect(sources.latest().closed).toBe(true);
  });

  it('reports a failed download as a dropped connection, so it is retried', async () => {
    const given = callbacks();
    loadedOnFirstUse(() => Promise.reject(new Error('chunk failed')))(given);
    await settle();
    expect(given.onError).toHaveBeenCalledWith(undefined);
  });
});
