import { Injectable } from '@nestjs/common';
import { queryIn } from '../../database/query-in.js';
import type { TxOrManager } from '../../database/transactor.js';
import { ACTIVE_PERSON, FRIENDSHIP_WITH_VIEWER, PERSON_COLUMNS, type PersonRow } from './person-rows.js';

export const SEARCH_LIMIT = 20;
export const SUGGESTION_LIMIT = 10;
/** From this many characters a username matches anywhere in it, not only by its start. */
export const SUBSTRING_MIN_LENGTH = 3;

/** A phone number as stored, reduced to its digits (the expression IDX_users_phone_digits indexes). */
const PHONE_DIGITS = `regexp_replace(u."phoneNumber", '[^0-9]', '', 'g')`;

/** Whether the viewer ($3 = is admin) may see u's names: name matches count only then, so search leaks nothing. */
const NAMES_VISIBLE = `($3::boolean
   OR coalesce(u."privacySettings"->>'profileVisibility', 'private') = 'public'
   OR (u."privacySettings"->>'profileVisibility' = 'friends' AND f.status = 'accepted'))`;

/**
 * Common table expressions: `mine`, the viewer's ($1) friends; `fof`, their friends who are neither the
 * viewer nor the viewer's friends, with how many of the viewer's friends each is friends with (`mutual`).
 */
const FRIENDS_OF_FRIENDS = `mine AS (
   SELECT "addresseeId" AS id FROM friendships WHERE "requesterId" = $1::uuid AND status = 'accepted'
   UNION ALL
   SELECT "requesterId" FROM friendships WHERE "addresseeId" = $1::uuid AND status = 'accepted'
 ), fof AS (
   SELECT x.id, count(*)::int AS mutual
     FROM (SELECT f."addresseeId" AS id FROM friendships f JOIN mine m ON f."requesterId" = m.id
      WHERE f.status = 'accepted'
     UNION ALL
     SELECT f."requesterId" FROM friendships f JOIN mine m ON f."addresseeId" = m.id
      WHERE f.status = 'accepted') x
    WHERE x.id <> $1::uuid AND x.id NOT IN (SELECT id FROM mine)
    GROUP BY x.id
 )`;

export interface ProfileRow extends PersonRow {
  state: string | null;
  createdAt: Date;
  balance: string;
}

/**
 * The people queries (search, suggestions, profiles), each one statement, in the caller's
 * transaction or read (`Transactor.read`). What they show of a person is decided by the service.
 */
@Injectable()
export class PeopleRepository {
  /**
   * People matching `text` (already cleaned; `escaped` is it LIKE-escaped, `digits` the phone number it reads
   * as, if any), ranked; names count only where the viewer may see them.
   */
  search(
    tx: TxOrManager,
    viewer: { id: string; isAdmin: boolean },
    text: string,
    escaped: string,
    digits: string | null,
  ): Promise<PersonRow[]> {
    const params: unknown[] = [viewer.id, escaped, viewer.isAdmin, text];
    // Anywhere in the username from 3 characters (the trigram index serves it); an email is only ever whole.
    const inside =
      text.length >= SUBSTRING_MIN_LENGTH && !text.includes('@')
        ? `OR lower(u.username) LIKE '%' || lower($2) || '%' ESCAPE '\\'`
        : '';
    const usernameMatch = `(lower(u.username) LIKE lower($2) || '%' ESCAPE '\\' ${inside})`;
    // Accents and letter case folded on both sides, along the folded-name indexes (migration AccentFoldedNames).
    const nameMatch = `(fold_for_search(u."firstName") LIKE fold_for_search($2) || '%' ESCAPE '\\'
      OR fold_for_search(u."lastName") LIKE fold_for_search($2) || '%' ESCAPE '\\'
      OR fold_for_search(u."firstName" || ' ' || u."lastName") LIKE fold_for_search($2) || '%' ESCAPE '\\')`;
    const email = text.includes('@') ? `OR lower(u.email) = lower($4)` : '';
    if (digits) params.push(digits);
    const phone = digits ? `OR ${PHONE_DIGITS} = $5` : '';
    const exact = `(lower(u.username) = lower($4) ${email} ${phone})`;
    return queryIn<PersonRow[]>(
      tx,
      `WITH candidates AS (
         SELECT u.* FROM people u
          WHERE u.id <> $1::uuid AND ${ACTIVE_PERSON} AND (${usernameMatch} OR ${nameMatch} OR ${exact})
       )
       SELECT ${PERSON_COLUMNS}
         FROM candidates u
         ${FRIENDSHIP_WITH_VIEWER}
        WHERE ${usernameMatch} OR ${exact} OR ${NAMES_VISIBLE}
        ORDER BY CASE WHEN ${exact} THEN 0
                      WHEN lower(u.username) LIKE lower($2) || '%' ESCAPE '\\' THEN 1
                      ELSE 2 END,
                 CASE WHEN lower(u.username) LIKE lower($2) || '%' ESCAPE '\\' THEN 1
                      ELSE similarity(lower(coalesce(u.username, '')), lower($4)) END DESC,
                 lower(u.username) ASC NULLS LAST,
                 u.id
        LIMIT ${SEARCH_LIMIT}`,
      params,
    );
  }

  /** Friends of friends, then usernames starting with `stem` (closest length to `text` first). */
  suggestions(tx: TxOrManager, viewerId: string, stem: string | null, text: string): Promise<PersonRow[]> {
    return queryIn<PersonRow[]>(
      tx,
      `WITH ${FRIENDS_OF_FRIENDS}, nearby AS (
         SELECT u.id FROM people u
          WHERE $2::text IS NOT NULL AND lower(u.username) LIKE lower($2::text) || '%' ESCAPE '\\'
            AND u.id <> $1::uuid AND ${ACTIVE_PERSON}
            AND u.id NOT IN (SELECT id FROM mine) AND u.id NOT IN (SELECT id FROM fof)
          ORDER BY abs(length(u.username) - length($3::text)), lower(u.username), u.id
          LIMIT ${SUGGESTION_LIMIT}
       ), ranked AS (
         SELECT id, 0 AS tier, mutual FROM fof
         UNION ALL
         SELECT id, 1 AS tier, 0 AS mutual FROM nearby
       )
       SELECT ${PERSON_COLUMNS}
         FROM ranked r
         JOIN people u ON u.id = r.id
         ${FRIENDSHIP_WITH_VIEWER}
        WHERE ${ACTIVE_PERSON}
        ORDER BY r.tier, r.mutual DESC, abs(coalesce(length(u.username), 0) - length($3::text)),
                 lower(u.username) ASC NULLS LAST, u.id
        LIMIT ${SUGGESTION_LIMIT}`,
      [viewerId, stem, text],
    );
  }

  peopleYouMayKnow(
    tx: TxOrManager,
    viewerId: string,
    opponentIds: string[],
  ): Promise<(PersonRow & { mutualFriends: number; betTogether: boolean })[]> {
    return queryIn<(PersonRow & { mutualFriends: number; betTogether: boolean })[]>(
      tx,
      `WITH ${FRIENDS_OF_FRIENDS}, opponents AS (
         SELECT DISTINCT unnest($2::uuid[]) AS id
       ), candidates AS (
         SELECT coalesce(fof.id, opponents.id) AS id, coalesce(fof.mutual, 0) AS mutual,
                opponents.id IS NOT NULL AS "betTogether"
           FROM fof FULL JOIN opponents ON opponents.id = fof.id
       )
       SELECT ${PERSON_COLUMNS}, c.mutual AS "mutualFriends", c."betTogether"
         FROM candidates c
         JOIN people u ON u.id = c.id
         ${FRIENDSHIP_WITH_VIEWER}
        WHERE c.id <> $1::uuid AND ${ACTIVE_PERSON}
          AND c.id NOT IN (SELECT id FROM mine)
          AND NOT EXISTS (SELECT 1 FROM suggestion_dismissals d
                           WHERE d."userId" = $1::uuid AND d."dismissedUserId" = c.id)
        ORDER BY c.mutual DESC, c."betTogether" DESC, lower(u.username) ASC NULLS LAST, u.id
        LIMIT ${SUGGESTION_LIMIT}`,
      [viewerId, opponentIds],
    );
  }

  /** Whether the person is still on the platform. */
  async isActivePerson(tx: TxOrManager, personId: string): Promise<boolean> {
    const [person] = await queryIn<{ id: string }[]>(
      tx,
      `SELECT u.id FROM people u WHERE u.id = $1::uuid AND ${ACTIVE_PERSON}`,
      [personId],
    );
    return person !== undefined;
  }

  /** Stops suggesting `personId` to the user; dismissing twice is fine. */
  async dismiss(tx: TxOrManager, userId: string, personId: string): Promise<void> {
    await queryIn(
      tx,
      `INSERT INTO suggestion_dismissals ("userId", "dismissedUserId") VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [userId, personId],
    );
  }

  /** One person as the viewer may find them (banned people only for admins and themselves). */
  async profile(
    tx: TxOrManager,
    viewer: { id: string; isAdmin: boolean },
    personId: string,
  ): Promise<ProfileRow | undefined> {
    const [row] = await queryIn<ProfileRow[]>(
      tx,
      `SELECT ${PERSON_COLUMNS}, u.state, u."createdAt", u.balance::text AS balance
         FROM people u
         ${FRIENDSHIP_WITH_VIEWER}
        WHERE u.id = $2::uuid AND NOT u.deleted AND (NOT u.banned OR $3::boolean OR u.id = $1::uuid)`,
      [viewer.id, personId, viewer.isAdmin],
    );
    return row;
  }
}
