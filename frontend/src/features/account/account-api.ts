import { api } from '../../api/base-api';
import type { Schemas } from '../../api/schemas';
import type { AuthResponse, User } from '../../session/types';

export type Activity = Schemas['ActivityDto'];
export type UserAnalytics = Schemas['UserAnalyticsDto'];

export type ProfileInput = Schemas['UpdateProfileDto'];
export type NotificationSettingsInput = Schemas['NotificationSettingsDto'];
export type PrivacySettingsInput = Schemas['PrivacySettingsInputDto'];
export type TwoFactorEnrolment = Schemas['TwoFactorEnrolmentDto'];
/** A season won in a circle, shown on the profile. */
export type Trophy = Schemas['TrophyDto'];

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    activities: build.query<Activity[], void>({
      query: () => '/api/activities?limit=10',
      providesTags: ['Activity'],
    }),
    userStats: build.query<UserAnalytics, void>({
      query: () => '/api/analytics/user-stats',
      providesTags: ['Analytics'],
    }),
    updateProfile: build.mutation<User, ProfileInput>({
      query: (body) => ({ url: '/api/user/profile', method: 'PATCH', body }),
      invalidatesTags: ['User'],
    }),
    /** The picture prepared by lib/picture (a small WebP or JPEG), sent as raw bytes. */
    uploadProfilePicture: build.mutation<User, Blob>({
      query: (image) => ({ url: '/api/users/me/picture', method: 'PUT', body: image }),
      invalidatesTags: ['User'],
    }),
    removeProfilePicture: build.mutation<User, void>({
      query: () => ({ url: '/api/users/me/picture', method: 'DELETE' }),
      invalidatesTags: ['User'],
    }),
    updateNotifications: build.mutation<User, NotificationSettingsInput>({
      query: (body) => ({ url: '/api/settings/notifications', method: 'PATCH', body }),
      invalidatesTags: ['User'],
    }),
    updatePrivacy: build.mutation<User, PrivacySettingsInput>({
      query: (body) => ({ url: '/api/settings/privacy', method: 'PATCH', body }),
      invalidatesTags: ['User'],
    }),
    setupTwoFactor: build.mutation<TwoFactorEnrolment, void>({
      query: () => ({ url: '/api/settings/2fa/setup', method: 'POST' }),
    }),
    enableTwoFactor: build.mutation<User, Schemas['EnableTwoFactorDto']>({
      query: (body) => ({ url: '/api/settings/2fa/enable', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    disableTwoFactor: build.mutation<User, Schemas['DisableTwoFactorDto']>({
      query: (body) => ({ url: '/api/settings/2fa/disable', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    changePassword: build.mutation<AuthResponse, Schemas['ChangePasswordDto']>({
      query: (body) => ({ url: '/api/settings/password', method: 'POST', body }),
    }),
    /** Someone's season trophies (the circle is named only to its members). */
    trophies: build.query<Trophy[], string>({
      query: (userId) => `/api/circles/trophies/${userId}`,
      providesTags: ['Trophy'],
    }),
    deleteAccount: build.mutation<null, Schemas['DeleteAccountDto']>({
      query: (body) => ({ url: '/api/user/account', method: 'DELETE', body }),
    }),
  }),
});

export const {
  useActivitiesQuery,
  useUserStatsQuery,
  useUpdateProfileMutation,
  useUploadProfilePictureMutation,
  useRemoveProfilePictureMutation,
  useUpdateNotificationsMutation,
  useUpdatePrivacyMutation,
  useSetupTwoFactorMutation,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useTrophiesQuery,
} = accountApi;
