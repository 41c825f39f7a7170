import type { User } from '../../session/types';

const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** "Welcome back" only for someone who has been here before: not on the day of sign-up before any bet settles. */
export function greeting(
  user: Pick<User, 'firstName' | 'username' | 'createdAt' | 'totalBetsWon' | 'totalBetsLost'>,
  now = Date.now(),
): string {
  const name = user.firstName ?? user.username ?? 'friend';
  const brandNew =
    user.totalBetsWon + user.totalBetsLost === 0 && now - Date.parse(user.createdAt) < NEW_ACCOUNT_MS;
  return brandNew ? `Welcome, ${name}!` : `Welcome back, ${name}!`;
}

/** The suspension's end when it is still running, else null. */
export function activeSuspension(suspendedUntil: string | null | undefined, now = Date.now()): string | null {
  return suspendedUntil && Date.parse(suspendedUntil) > now ? suspendedUntil : null;
}
