import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { profileOf } from '../users/privacy.js';
import type { PersonProfileDto, PersonResultDto } from './dto/person.dto.js';
import { PersonNotFoundError } from './friends.errors.js';
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

/** Whether the viewer ($3 = is admin) may see u's names: name matches count only then, so search leaks nothing. */
const NAMES_VISIBLE = `($3::boolean
   OR coalesce(u."privacySettings"->>'profileVisibility', 'private') = 'public'
   OR (u."privacySettings"->>'profileVisibility' = 'friends' AND f.status = 'accepted'))`;

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

@Injectable()
export class PeopleService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Case-insensitive prefix match on username, first name or last name (names only where the viewer may
   * see them), or the whole email when the text contains '@'. Never the searcher, never deleted or banned
   * people. Exact username first, then username prefixes, then name matches; one query.
   */
  async search(viewer: AuthUser, q: string | undefined): Promise<PersonResultDto[]> {
    const text = cleanQuery(q);
    if (text.length === 0) return [];
    const byEmail = text.includes('@');
    const emailMatch = byEmail ? `OR lower(u.email) = lower($4)` : '';
    const rows = await this.dataSource.query<PersonRow[]>(
      `WITH candidates AS (
         SELECT u.* FROM users u
          WHERE u.id <> $1::uuid AND ${ACTIVE_PERSON}
            AND (lower(u.username) LIKE lower($2) || '%' ESCAPE '\\'
                 OR lower(u."firstName") LIKE lower($2) || '%' ESCAPE '\\'
                 OR lower(u."lastName") LIKE lower($2) || '%' ESCAPE '\\'
                 ${emailMatch})
       )
       SELECT ${PERSON_COLUMNS}
         FROM candidates u
         ${FRIENDSHIP_WITH_VIEWER}
        WHERE lower(u.username) LIKE lower($2) || '%' ESCAPE '\\' ${emailMatch} OR ${NAMES_VISIBLE}
        ORDER BY lower(u.username) = lower($4) DESC NULLS LAST,
                 lower(u.username) LIKE lower($2) || '%' ESCAPE '\\' DESC NULLS LAST,
                 lower(u.username) ASC NULLS LAST,
                 u.id
        LIMIT ${SEARCH_LIMIT}`,
      [viewer.id, escapeLike(text), viewer.isAdmin, text],
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
      `WITH mine AS (
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
       ), nearby AS (
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
