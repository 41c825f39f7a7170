export type Visibility = 'public' | 'friends' | 'private';

/** The signed-in user (spec §3 "User"), as GET /api/auth/user returns it. */
export interface User {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  username: string | null;
  phoneNumber: string | null;
  birthday: string | null;
  state: string | null;
  balance: string;
  profileImageUrl: string | null;
  isAdmin: boolean;
  profileCompleted: boolean;
  createdAt: string;
  emailNotifications: boolean;
  pushNotifications: boolean;
  privacySettings: {
    profileVisibility: Visibility;
    activityVisibility: Visibility;
    balanceVisibility: Visibility;
    allowChallengesFrom?: 'everyone' | 'friends';
  };
  twoFactorEnabled: boolean;
  totalBetsWon: number;
  totalBetsLost: number;
  authProvider: string;
  suspendedUntil?: string | null;
}

export interface AuthResponse {
  token: string;
  user: User;
}

export interface LoginResponse {
  token?: string;
  user?: User;
  twoFactorRequired?: boolean;
  challengeToken?: string;
}
