import type { SchemaRule } from './schema-rule.js';

/**
 * Views that a module publishes so that other modules can read its rows in SQL without naming its tables: the
 * owner may reshape its tables as long as the view keeps its columns, and a reader's statement stays one
 * statement (PostgreSQL inlines a plain view, so the plan and the indexes are those of the table). Readers
 * only read them; scripts/module-graph.cjs lists each view's owner and fails a write to one. A migration that
 * changes a column a view reads drops the view and deletes its row from schema_rules, so it is made again.
 */

/**
 * users' `people`: who a person is as the other modules show, search and notify them, with their standing as
 * three flags (an active person is neither deleted nor banned).
 */
export const peopleView: SchemaRule = {
  name: 'people-view',
  sql: String.raw`
CREATE OR REPLACE VIEW people AS
  SELECT id, username, "firstName", "lastName", email, "phoneNumber", state, "profileImageUrl",
         "privacySettings", "createdAt", "isAdmin", "emailNotifications", "pushNotifications", balance,
         ("deletedAt" IS NULL AND "bannedAt" IS NULL) AS active,
         "deletedAt" IS NOT NULL AS deleted,
         "bannedAt" IS NOT NULL AS banned
    FROM users;
`,
};

/** friends' `friend_pairs`: each accepted friendship once from each side, so "are A and B friends" is one probe. */
export const friendPairsView: SchemaRule = {
  name: 'friend-pairs-view',
  sql: String.raw`
CREATE OR REPLACE VIEW friend_pairs AS
  SELECT "requesterId" AS "personId", "addresseeId" AS "friendId" FROM friendships WHERE status = 'accepted'
  UNION ALL
  SELECT "addresseeId", "requesterId" FROM friendships WHERE status = 'accepted';
`,
};

/** bets' `bet_records`: each person's won and lost counts, duels and pots alike (kept by the user-stats rules). */
export const betRecordsView: SchemaRule = {
  name: 'bet-records-view',
  sql: String.raw`
CREATE OR REPLACE VIEW bet_records AS
  SELECT "userId", won, lost FROM user_bet_stats;
`,
};
