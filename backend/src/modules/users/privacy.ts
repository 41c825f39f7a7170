import { personName } from './person-name.js';
import type { User, Visibility } from './user.entity.js';

/** How the viewer stands to the person being shown (docs/product.md §10 (accounts)). */
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

/** The fields privacy decisions and summaries need, so raw query rows can be summarised too. */
export type SummarisableUser = Pick<
  User,
  'id' | 'username' | 'firstName' | 'lastName' | 'profileImageUrl' | 'privacySettings'
>;

export function summarise(user: SummarisableUser, relation: ViewerRelation): PersonSummary {
  const show = isVisible(user.privacySettings?.profileVisibility, relation);
  return {
    id: user.id,
    username: user.username,
    firstName: show ? user.firstName : null,
    lastName: show ? user.lastName : null,
    profileImageUrl: show ? user.profileImageUrl : null,
  };
}

/** Won/lost counts of completed bets, as a profile shows them. */
export interface PersonStats {
  won: number;
  lost: number;
}

/**
 * Another person's profile page: the summary plus state and member-since (profileVisibility), the balance
 * (balanceVisibility) and bet stats (activityVisibility). Whatever the viewer may not see is null.
 */
export interface PersonProfile extends PersonSummary {
  state: string | null;
  memberSince: string | null;
  balance: string | null;
  stats: PersonStats | null;
}

export function profileOf(
  user: SummarisableUser & Pick<User, 'state' | 'createdAt' | 'balance'>,
  relation: ViewerRelation,
  stats: PersonStats,
): PersonProfile {
  const settings = user.privacySettings as Partial<User['privacySettings']> | null | undefined;
  const showProfile = isVisible(settings?.profileVisibility, relation);
  return {
    ...summarise(user, relation),
    state: showProfile ? user.state : null,
    memberSince: showProfile ? user.createdAt.toISOString() : null,
    balance: isVisible(settings?.balanceVisibility, relation) ? user.balance : null,
    stats: isVisible(settings?.activityVisibility, relation) ? { won: stats.won, lost: stats.lost } : null,
  };
}

/**
 * How an invite link names its sender: first and last name, else the username. An invite asks whoever
 * opens it to befriend you, so it says who you are whatever profileVisibility says.
 */
export function displayNameOf(user: Pick<User, 'firstName' | 'lastName' | 'username'>): string {
  return personName(user, 'self');
}

/**
 * How an open challenge names its creator to whoever opens the link (anyone, signed in or not, the link
 * may have been forwarded): the name only when their profile is public, else the username, as a
 * stranger sees them everywhere else.
 */
export function challengerName(
  user: Pick<User, 'firstName' | 'lastName' | 'username' | 'privacySettings'>,
): string {
  return personName(user, 'stranger');
}
