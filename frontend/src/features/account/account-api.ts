import type { Schemas } from '../../api/schemas';

export type Activity = Schemas['ActivityDto'];
export type UserAnalytics = Schemas['UserAnalyticsDto'];

export type ProfileInput = Schemas['UpdateProfileDto'];
export type NotificationSettingsInput = Schemas['NotificationSettingsDto'];
export type PrivacySettingsInput = Schemas['PrivacySettingsInputDto'];
export type TwoFactorEnrolment = Schemas['TwoFactorEnrolmentDto'];
/** A season won in a circle, shown on the profile. */
export type Trophy = Schemas['TrophyDto'];
