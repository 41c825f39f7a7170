import { SetMetadata } from '@nestjs/common';

/** Who may call a route. Every route declares one; a route without one is refused (default deny). */
export type AccessPolicy = 'public' | 'user' | 'admin';

export const ACCESS_POLICY_KEY = 'betwixt:access-policy';

/** Anyone, signed in or not. */
export const Public = () => SetMetadata(ACCESS_POLICY_KEY, 'public' satisfies AccessPolicy);

/** A signed-in user ('user') or a signed-in administrator ('admin'). */
export const Roles = (role: Exclude<AccessPolicy, 'public'>) => SetMetadata(ACCESS_POLICY_KEY, role);
