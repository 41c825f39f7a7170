import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { profileOf } from '../users/index.js';
import type { PersonProfileDto, PersonResultDto, SuggestionDto } from './dto/person.dto.js';
import { PersonNotFoundError, SelfDismissError } from './friends.errors.js';
import {
  ACTIVE_PERSON,
  escapeLike,
  FRIENDSHIP_WITH_VIEWER,
  friendshipStatusOf,
  PERSON_COLUMNS,
  presentPerson,
  relationTo,
  type PersonRow,
} from './person-rows.js';

export const SEARCH_LIMIT = 20;
export const SUGGESTION_LIMIT = 10;
export const SEARCH_MAX_LENGTH = 100;
/** From this many characters a username matches anywhere in it, not only by its start. */
export const SUBSTRING_MIN_LENGTH = 3;
/** Fewest digits a phone number search needs, so "12" is never a phone number. */
const PHONE_MIN_DIGITS = 7;

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

interface ProfileRow extends PersonRow {
  state: string | null;
  createdAt: Date;
  balance: string;
  won: number;
  lost: number;
}

/** Search text as typed: trimmed, NUL characters dropped (PostgreSQL text cannot hold them). */
function cleanQuery(q: string | undefined): string {
  return (q ?? '').split('\u0000').join('').trim();
}

/** The digits of a search that reads as a whole phone number (digits, spaces, + ( ) . -), else null. */
export function phoneDigits(text: string): string | null {
  if (!/^[+()\d\s.-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= PHONE_MIN_DIGITS ? digits : null;
}

@Injectable()
export class PeopleService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Finds people by what a searcher knows of them (docs/product.md, "Finding people"), in one query:
   * - a username: exact, by prefix, and from 3 characters anywhere in it (pg_trgm index);
   * - a whole email address, or a whole phone number (its digits), finds the account it belongs to;
   * - a first name, last name or "first last" by prefix, accents and case folded ("zoe" finds Zoë), only
   *   for people whose names the viewer may see, so a hidden name can never be probed.
   * Ranked: exact username/email/phone, then username prefix (alphabetical), then the rest by how similar
   * the username is to the text (pg_trgm similarity: "maya" ranks demo_maya above the_maya_fan_club).
   * Never the searcher, never deleted or banned people; results show only what privacy allows.
   */
  async search(viewer: AuthUser, q: string | undefined): Promise<PersonResultDto[]> {
    const text = cleanQuery(q);
    if (text.length === 0) return [];
    const params: unknown[] = [viewer.id, escapeLike(text), viewer.isAdmin, text];
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
    const digits = phoneDigits(text);
    if (digits) params.push(digits);
    const phone = digits ? `OR ${PHONE_DIGITS} = $5` : '';
    const exact = `(lower(u.username) = lower($4) ${email} ${phone})`;
    const rows = await this.dataSource.query<PersonRow[]>(
      `WITH candidates AS (
         SELECT u.* FROM users u
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
    return rows.map((row) => presentPerson(viewer, row));
  }

  /**
   * For when search finds nothing: friends of friends (most mutual friends first), then people whose
   * username starts with the same two letters as the text (closest length first). Never the viewer or
   * their friends; at most ten; one query.
   */
  async suggestions(viewer: AuthUser, q: string | undefined): Promise<PersonResultDto[]> {
    const text = cleanQuery(q);
    const stem = text.length >= 2 ? escapeLike(text.slice(0, 2)) : null;
    const rows = await this.dataSource.query<PersonRow[]>(
      `WITH ${FRIENDS_OF_FRIENDS}, nearby AS (
         SELECT u.id FROM users u
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
         JOIN users u ON u.id = r.id
         ${FRIENDSHIP_WITH_VIEWER}
        WHERE ${ACTIVE_PERSON}
        ORDER BY r.tier, r.mutual DESC, abs(coalesce(length(u.username), 0) - length($3::text)),
                 lower(u.username) ASC NULLS LAST, u.id
        LIMIT ${SUGGESTION_LIMIT}`,
      [viewer.id, stem, text],
    );
    return rows.map((row) => presentPerson(viewer, row));
  }

  /**
   * "People you may know" on /friends (docs/product.md, "Finding people"): friends of friends, most mutual
   * friends first, and people the viewer has had a bet with who are not friends yet; never the viewer, their
   * friends, anyone they dismissed, or deleted and banned people. At most ten, one query.
   */
  async peopleYouMayKnow(viewer: AuthUser): Promise<SuggestionDto[]> {
    const rows = await this.dataSource.query<(PersonRow & { mutualFriends: number; betTogether: boolean })[]>(
      `WITH ${FRIENDS_OF_FRIENDS}, opponents AS (
         SELECT DISTINCT CASE WHEN b."creatorId" = $1::uuid THEN b."opponentId" ELSE b."creatorId" END AS id
           FROM bets b
          WHERE (b."creatorId" = $1::uuid OR b."opponentId" = $1::uuid) AND b."opponentId" IS NOT NULL
       ), candidates AS (
         SELECT coalesce(fof.id, opponents.id) AS id, coalesce(fof.mutual, 0) AS mutual,
                opponents.id IS NOT NULL AS "betTogether"
           FROM fof FULL JOIN opponents ON opponents.id = fof.id
       )
       SELECT ${PERSON_COLUMNS}, c.mutual AS "mutualFriends", c."betTogether"
         FROM candidates c
         JOIN users u ON u.id = c.id
         ${FRIENDSHIP_WITH_VIEWER}
        WHERE c.id <> $1::uuid AND ${ACTIVE_PERSON}
          AND c.id NOT IN (SELECT id FROM mine)
          AND NOT EXISTS (SELECT 1 FROM suggestion_dismissals d
                           WHERE d."userId" = $1::uuid AND d."dismissedUserId" = c.id)
        ORDER BY c.mutual DESC, c."betTogether" DESC, lower(u.username) ASC NULLS LAST, u.id
        LIMIT ${SUGGESTION_LIMIT}`,
      [viewer.id],
    );
    return rows.map((row) => ({
      ...presentPerson(viewer, row),
      mutualFriends: row.mutualFriends,
      betTogether: row.betTogether,
    }));
  }

  /** Stops suggesting someone to the viewer; dismissing twice is fine. 404 for nobody, 400 for yourself. */
  async dismissSuggestion(viewer: AuthUser, personId: string): Promise<void> {
    if (personId === viewer.id) throw new SelfDismissError();
    const [person] = await this.dataSource.query<{ id: string }[]>(
      `SELECT u.id FROM users u WHERE u.id = $1::uuid AND ${ACTIVE_PERSON}`,
      [personId],
    );
    if (!person) throw new PersonNotFoundError();
    await this.dataSource.query(
      `INSERT INTO suggestion_dismissals ("userId", "dismissedUserId") VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [viewer.id, personId],
    );
  }

  /** One person's profile, every field their privacy settings hide from the viewer set to null. */
  async profile(viewer: AuthUser, personId: string): Promise<PersonProfileDto> {
    const [row] = await this.dataSource.query<ProfileRow[]>(
      `SELECT ${PERSON_COLUMNS}, u.state, u."createdAt", u.balance::text AS balance,
              (SELECT count(*) FROM bets b
                WHERE b.status = 'completed' AND (b."creatorId" = u.id OR b."opponentId" = u.id)
                  AND b."winnerUserId" = u.id)::int AS won,
              (SELECT count(*) FROM bets b
                WHERE b.status = 'completed' AND (b."creatorId" = u.id OR b."opponentId" = u.id)
                  AND b."winnerUserId" IS NOT NULL AND b."winnerUserId" <> u.id)::int AS lost
         FROM users u
         ${FRIENDSHIP_WITH_VIEWER}
        WHERE u.id = $2::uuid AND u."deletedAt" IS NULL AND (u."bannedAt" IS NULL OR $3::boolean OR u.id = $1::uuid)`,
      [viewer.id, personId, viewer.isAdmin],
    );
    if (!row) throw new PersonNotFoundError();
    const friendshipStatus = friendshipStatusOf(viewer.id, row.friendshipState, row.friendshipRequesterId);
    const relation = relationTo(viewer, row.id, friendshipStatus === 'friends');
    return { ...profileOf(row, relation, { won: row.won, lost: row.lost }), friendshipStatus };
  }
}
