import { http, HttpResponse } from 'msw';
import type { User } from '../session/types';
import { apiServer } from './api-server';

/** A signed-in person as GET /api/auth/user answers, with what a test cares about changed. */
export function aUser(changes: Partial<User> = {}): User {
  return {
    id: 'u-casey',
    firstName: 'Casey',
    lastName: 'Reed',
    email: 'casey@example.com',
    username: 'casey',
    phoneNumber: null,
    birthday: '1990-04-01T00:00:00.000Z',
    state: 'Oregon',
    balance: '1000.00',
    profileImageUrl: null,
    isAdmin: false,
    profileCompleted: true,
    createdAt: '2026-01-05T10:00:00.000Z',
    emailNotifications: true,
    pushNotifications: true,
    privacySettings: {
      profileVisibility: 'friends',
      activityVisibility: 'friends',
      balanceVisibility: 'private',
      allowChallengesFrom: 'everyone',
    },
    twoFactorEnabled: false,
    isEmailVerified: true,
    totalBetsWon: 0,
    totalBetsLost: 0,
    authProvider: 'manual',
    ...changes,
  };
}

/** The browser holds a session for `user`, and the API knows them. */
export function signedInAs(user: User): void {
  localStorage.setItem('auth_token', 'token');
  apiServer.use(http.get('/api/auth/user', () => HttpResponse.json(user)));
}
