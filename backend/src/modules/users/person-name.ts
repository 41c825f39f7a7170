import { isVisible, type ViewerRelation } from './privacy.js';
import type { User } from './user.entity.js';

export type NameablePerson = Pick<User, 'firstName' | 'lastName' | 'username'> &
  Partial<Pick<User, 'privacySettings'>>;

/**
 * How every text the server writes names a person (notifications, activity, a bet's timeline, emails):
 * their first and last name when the reader may see it (profileVisibility against how the reader stands to
 * them), else their username, which everyone signed in sees. One rule, so a card, its toast and its
 * notification never call the same person two different things.
 */
export function personName(person: NameablePerson, relation: ViewerRelation): string {
  const shown =
    person.privacySettings === undefined || isVisible(person.privacySettings?.profileVisibility, relation);
  const name = shown ? [person.firstName, person.lastName].filter(Boolean).join(' ') : '';
  return name || person.username || 'A Betwixt member';
}

/**
 * Names for people mentioned in the same text: two who would read the same ("Maya Lopez" and "Maya
 * Lopez") get their usernames beside the name, so the reader can tell them apart.
 */
export function distinctNames<K>(
  people: { key: K; person: NameablePerson; relation: ViewerRelation }[],
): Map<K, string> {
  const names = people.map(({ key, person, relation }) => ({
    key,
    person,
    name: personName(person, relation),
  }));
  const count = new Map<string, number>();
  for (const { name } of names) count.set(name, (count.get(name) ?? 0) + 1);
  return new Map(
    names.map(({ key, person, name }) => [
      key,
      (count.get(name) ?? 0) > 1 && person.username && name !== person.username
        ? `${name} (@${person.username})`
        : name,
    ]),
  );
}
