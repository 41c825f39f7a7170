/** What an avatar shows without a picture: the first letters of the first and last name, else 'U'. */
export function initials(person: { firstName?: string | null; lastName?: string | null } | null | undefined): string {
  if (!person) return 'U';
  const text = `${person.firstName?.[0] ?? ''}${person.lastName?.[0] ?? ''}`.toUpperCase();
  return text || 'U';
}
