import type { AppDispatch } from '../../app/store';
import { api } from '../../api/base-api';
import { clearAuth } from '../../lib/auth-storage';

/** Spec §4: clear stored token and user and cached data, then go to /api/logout — even if a step fails. */
export function logout(dispatch: AppDispatch): void {
  try {
    clearAuth();
    dispatch(api.util.resetApiState());
  } catch (error) {
    console.error('Logout cleanup failed', error);
  }
  window.location.assign('/api/logout');
}
