import type { DataSource } from 'typeorm';

export type AdminCommand = 'grant' | 'revoke';

export const USAGE = 'usage: npm run admin -- grant|revoke <email|username>';

/** `grant <who>` or `revoke <who>`; null when the arguments are anything else. */
export function parseAdminArgs(argv: readonly string[]): { command: AdminCommand; who: string } | null {
  const [command, who, ...rest] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !who?.trim() || rest.length > 0) return null;
  return { command, who: who.trim() };
}

/**
 * Sets or clears isAdmin for the account named by email or username (any letter case; deleted
 * accounts are not found). Returns the line to print; throws for an unknown account.
 */
export async function setAdmin(dataSource: DataSource, command: AdminCommand, who: string): Promise<string> {
  const [user] = await dataSource.query<{ username: string | null; email: string; was: boolean }[]>(
    `WITH target AS (
       SELECT id, "isAdmin" AS was FROM users
        WHERE (lower(email) = lower($1) OR lower(username) = lower($1)) AND "deletedAt" IS NULL
        FOR NO KEY UPDATE),
     changed AS (
       UPDATE users u SET "isAdmin" = $2, "updatedAt" = now() FROM target
        WHERE u.id = target.id
        RETURNING u.username, u.email, target.was)
     SELECT * FROM changed`,
    [who.trim(), command === 'grant'],
  );
  if (!user) throw new Error(`No account with email or username "${who}"`);
  const name = user.username ?? user.email;
  if (user.was === (command === 'grant')) {
    return `${name} ${command === 'grant' ? 'is already' : 'was not'} an administrator`;
  }
  return `${name} is ${command === 'grant' ? 'now' : 'no longer'} an administrator`;
}
