import { useEffect } from 'react';
import { useAuth } from '../session/use-auth';
import type { User } from '../session/types';

export interface AuthState {
  user: User | null;
  isLoading: boolean;
}

/**
 * Reads the session through RTK Query and tells Root (router.tsx). Its own chunk, loaded with the store only
 * when there may be a session or a signed-out link page needs one: a plain signed-out visit loads neither.
 */
export function AuthProbe({ onChange }: { onChange: (state: AuthState) => void }) {
  const { user, isLoading } = useAuth();
  useEffect(() => onChange({ user, isLoading }), [user, isLoading, onChange]);
  return null;
}
