import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppStore, RootState } from './store';

/**
 * The running app's one store, made when first needed: a signed-out visitor on the landing page
 * needs no Redux Toolkit or RTK Query (25 kB gzip) until the sign-in dialog or a toast. React-Redux's Provider
 * gets this stand-in from the start, so nothing remounts when the real store arrives: until then it reads as
 * no toasts, and what is dispatched waits for the store, whose loading it starts. Tests make their own store.
 */
let real: AppStore | null = null;
let loading: Promise<AppStore> | null = null;
const listeners = new Set<() => void>();
const waiting: unknown[] = [];
const BEFORE_LOAD = { toasts: { items: [] } } as unknown as RootState;

function notify() {
  for (const listener of [...listeners]) listener();
}

/** Loads and makes the store (once); what waits to be dispatched goes to it first. */
export function loadStore(): Promise<AppStore> {
  loading ??= import('./store').then(
    ({ makeStore }) => {
      const store = makeStore();
      real = store;
      store.subscribe(notify);
      for (const action of waiting.splice(0)) store.dispatch(action as UnknownAction);
      notify();
      return store;
    },
    (error: unknown) => {
      loading = null; // tried again on the next need
      throw error;
    },
  );
  return loading;
}

const standIn = {
  getState: () => (real ? real.getState() : BEFORE_LOAD),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  dispatch(action: unknown) {
    if (real) return real.dispatch(action as UnknownAction);
    waiting.push(action);
    loadStore().catch((error: unknown) => console.error('The app could not load', error));
    return action;
  },
  replaceReducer() {
    throw new Error('The app store does not replace its reducer.');
  },
  [Symbol.observable]() {
    throw new Error('The app store is not observable.');
  },
};

export const appStore = standIn as unknown as AppStore;
