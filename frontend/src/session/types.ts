import type { Schemas } from '../api/schemas';

export type Visibility = 'public' | 'friends' | 'private';

/** The signed-in user (docs/product.md §3 "User"), as GET /api/auth/user returns it. */
export type User = Schemas['SelfUserDto'];

export type AuthResponse = Schemas['AuthResponseDto'];

export type LoginResponse = Schemas['LoginResponseDto'];
