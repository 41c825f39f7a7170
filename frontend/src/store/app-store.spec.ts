import { toastAdded } from '../components/toast/toast-actions';
import { appStore, loadStore } from './app-store';

describe('appStore (the stand-in the app starts with)', () => {
  it('reads as no toasts before the store loads, then hands what was dispatched to the loaded store', async () => {
    expect(appStore.getState().toasts.items).toEqual([]);
    const seen = jest.fn();
    const unsubscribe = appStore.subscribe(seen);
    appStore.dispatch(toastAdded({ title: 'Login Failed' }));
    const store = await loadStore();
    expect(store.getState().toasts.items.map((toast) => toast.title)).toEqual(['Login Failed']);
    expect(appStore.getState()).toBe(store.getState());
    expect(seen).toHaveBeenCalled();
    appStore.dispatch(toastAdded({ title: 'Bet Accepted!' }));
    expect(appStore.getState().toasts.items.map((toast) => toast.title)).toEqual(['Bet Accepted!']);
    unsubscribe();
    await expect(loadStore()).resolves.toBe(store);
  });
});
