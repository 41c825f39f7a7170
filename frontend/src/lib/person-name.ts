/** What any list, card or toast knows of a person; every field may be hidden by their privacy settings. */
export interface NamedPerson {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  email?: string | null;
}

/**
 * How the app names a person in any sentence: their name when they let the viewer see it, else their
 * username, else the email an admin view carries. Every card, toast, dialog and admin screen asks this one
 * helper, so the same person is never "Maya Lopez" in one line and "demo_maya" in the next.
 */
export function personName(person: NamedPerson | null | undefined): string {
  if (!person) return 'Unknown';
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return name || person.username || person.email || 'Unknown';
}

/**
 * The name with the username beside it, where two people could be confused (a list to choose from, an
 * admin deciding between two accounts): "Zoë Park (@zoe_park)". `usernameFirst` leads with the username,
 * as the admin's dispute cards do: "zoe_park (Zoë Park)".
 */
export function personLabel(
  person: NamedPerson | null | undefined,
  { usernameFirst = false }: { usernameFirst?: boolean } = {},
): string {
  const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ');
  if (usernameFirst) return name ? `${personHandle(person)} (${name})` : personHandle(person);
  return name && person?.username ? `${name} (@${person.username})` : personName(person);
}

/** The account's own handle, for admin screens (docs/product.md §2): username, else email, else 'Unknown'. */
export function personHandle(person: NamedPerson | null | undefined): string {
  return person?.username || person?.email || 'Unknown';
}

/** The one letter of a person's avatar when there is no picture. */
export function personInitial(person: NamedPerson | null | undefined): string {
  return personName(person).slice(0, 1).toUpperCase();
}
