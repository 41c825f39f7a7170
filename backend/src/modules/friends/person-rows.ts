import type { AuthUser } from '../../common/auth/auth-user.js';
import { type PersonSummary, type PrivacySettings, summarise, type ViewerRelation } from '../users/index.js';
import type { FriendshipStatusView } from './dto/person.dto.js';

/**
 * SQL pieces shared by the people queries. `u` is the person shown, `f` their friendship row with the
 * viewer (at most one per pair, found through UQ_friendships_pair), `$1` the viewer's id.
 */
export const PERSON_COLUMNS = `u.id, u.username, u."firstName", u."lastName", u."profileImageUrl",
  u."privacySettings", f.id AS "friendshipId", f."requesterId" AS "friendshipRequesterId",
  f.status AS "friendshipState", f."updatedAt" AS "friendshipUpdatedAt"`;

export const FRIENDSHIP_WITH_VIEWER = `LEFT JOIN friendships f
  ON LEAST(f."requesterId", f."addresseeId") = LEAST(u.id, $1::uuid)
 AND GREATEST(f."requesterId", f."addresseeId") = GREATEST(u.id, $1::uuid)`;

/** A person still on the platform: not deleted, not banned (users' `people` view says which). */
export const ACTIVE_PERSON = `u.active`;

export interface PersonRow {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  privacySettings: PrivacySettings;
  friendshipId: string | null;
  friendshipRequesterId: string | null;
  friendshipState: 'pending' | 'accepted' | 'declined' | null;
  friendshipUpdatedAt: Date | null;
}

/** How the viewer stands with someone, as the screens label it. A declined request counts as none. */
export function friendshipStatusOf(
  viewerId: string,
  state: PersonRow['friendshipState'],
  requesterId: string | null,
): FriendshipStatusView {
  if (state === 'accepted') return 'friends';
  if (state === 'pending') return requesterId === viewerId ? 'request_sent' : 'request_received';
  return 'none';
}

export function relationTo(viewer: AuthUser, personId: string, friends: boolean): ViewerRelation {
  if (personId === viewer.id) return 'self';
  if (viewer.isAdmin) return 'admin';
  return friends ? 'friend' : 'stranger';
}

export function presentPerson(
  viewer: AuthUser,
  row: PersonRow,
): PersonSummary & { friendshipStatus: FriendshipStatusView } {
  const friendshipStatus = friendshipStatusOf(viewer.id, row.friendshipState, row.friendshipRequesterId);
  return {
    ...summarise(row, relationTo(viewer, row.id, friendshipStatus === 'friends')),
    friendshipStatus,
  };
}

/** Makes user text a literal LIKE pattern: %, _ and the escape character itself match only themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
