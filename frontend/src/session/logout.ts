import type { AppDispatch } from '../store/store';
import { api } from '../api/base-api';
import { clearAuth, storedToken } from '../lib/auth-storage';
import { forgetPushSubscription } from '../lib/web-push';

/** docs/product.md §4: clear stored token and user and cached data, then go to /api/logout — even if a step fails. */
export function logout(dispatch: AppDispatch): void {
  try {
    forgetPushSubscription(storedToken());
    clearAuth();
    dispatch(api.util.resetApiState());
  } catch (error) {
    console.error('Logout cleanup failed', error);
  }
  window.location.assign('/api/logout');
}
