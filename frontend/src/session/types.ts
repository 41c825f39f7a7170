import type { Schemas } from '../api/schemas';

/** Who may see one part of a profile, as the privacy settings carry it. */
export type Visibility = Schemas['PrivacySettingsDto']['profileVisibility'];

/** The signed-in user (docs/product.md §3 "User"), as GET /api/auth/user returns it. */
export type User = Schemas['SelfUserDto'];

export type AuthResponse = Schemas['AuthResponseDto'];

export type LoginResponse = Schemas['LoginResponseDto'];
