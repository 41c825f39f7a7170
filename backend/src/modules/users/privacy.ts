import type { User, Visibility } from './user.entity.js';

/** How the viewer stands to the person being shown (DESIGN §5). */
export type ViewerRelation = 'self' | 'friend' | 'stranger' | 'admin';

/** public = everyone signed in, friends = accepted friends, private = only the user; admins see all. */
export function isVisible(visibility: Visibility | undefined, relation: ViewerRelation): boolean {
  if (relation === 'self' || relation === 'admin') return true;
  switch (visibility ?? 'private') {
    case 'public':
      return true;
    case 'friends':
      return relation === 'friend';
    case 'private':
      return false;
  }
}

/** Another person as lists show them: the username always, names and picture as their profile setting allows. */
export interface PersonSummary {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

export function summarise(user: User, relation: ViewerRelation): PersonSummary {
  const show = isVisible(user.privacySettings?.profileVisibility, relation);
  return {
    id: user.id,
    username: user.username,
    firstName: show ? user.firstName : null,
    lastName: show ? user.lastName : null,
    profileImageUrl: show ? user.profileImageUrl : null,
  };
}
