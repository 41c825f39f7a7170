import type { DataSource } from 'typeorm';

export type AdminCommand = 'grant' | 'revoke';

/** Sets or clears isAdmin for the account named by email or username (any letter case). */
export async function setAdmin(dataSource: DataSource, command: AdminCommand, who: string): Promise<string> {
  const [user] = await dataSource.query<{ username: string | null; email: string }[]>(
    `WITH changed AS (
       UPDATE users SET "isAdmin" = $2
        WHERE (lower(email) = lower($1) OR lower(username) = lower($1)) AND "deletedAt" IS NULL
        RETURNING username, email)
     SELECT * FROM changed`,
    [who.trim(), command === 'grant'],
  );
  if (!user) throw new Error(`No account with email or username "${who}"`);
  return `${user.username ?? user.email} is ${command === 'grant' ? 'now' : 'no longer'} an administrator`;
}
