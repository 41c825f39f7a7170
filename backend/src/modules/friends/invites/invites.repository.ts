import { Injectable } from '@nestjs/common';
import { queryIn } from '../../../database/query-in.js';
import type { TxOrManager } from '../../../database/transactor.js';
import { ACTIVE_PERSON } from '../person-rows.js';

export interface CodeRow {
  code: string;
  createdAt: Date;
}

export interface InviteRow {
  userId: string;
  revokedAt: Date | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** The invite_codes table: at most one active code per person (its partial unique index). */
@Injectable()
export class InvitesRepository {
  /** A new active code for the user, or `undefined` when they already have one. */
  async insertIfNone(tx: TxOrManager, userId: string, code: string): Promise<CodeRow | undefined> {
    const [created] = await queryIn<CodeRow[]>(
      tx,
      `INSERT INTO invite_codes ("userId", code) VALUES ($1, $2)
       ON CONFLICT ("userId") WHERE "revokedAt" IS NULL DO NOTHING
       RETURNING code, "createdAt"`,
      [userId, code],
    );
    return created;
  }

  async active(tx: TxOrManager, userId: string): Promise<CodeRow | undefined> {
    const [active] = await queryIn<CodeRow[]>(
      tx,
      `SELECT code, "createdAt" FROM invite_codes WHERE "userId" = $1 AND "revokedAt" IS NULL`,
      [userId],
    );
    return active;
  }

  /** A new code, in a transaction that has just revoked the active one. */
  async insert(tx: TxOrManager, userId: string, code: string): Promise<CodeRow | undefined> {
    const [created] = await queryIn<CodeRow[]>(
      tx,
      `INSERT INTO invite_codes ("userId", code) VALUES ($1, $2) RETURNING code, "createdAt"`,
      [userId, code],
    );
    return created;
  }

  /** The code's inviter while still on the platform (a deleted or banned one's code finds nothing). */
  async find(tx: TxOrManager, code: string): Promise<InviteRow | undefined> {
    const [row] = await queryIn<InviteRow[]>(
      tx,
      `SELECT ic."userId", ic."revokedAt", u.username, u."firstName", u."lastName"
         FROM invite_codes ic JOIN people u ON u.id = ic."userId"
        WHERE ic.code = $1 AND ${ACTIVE_PERSON}`,
      [code],
    );
    return row;
  }

  /**
   * Revokes the user's active code (if any). Two replacements at once would both revoke the same row and then
   * both insert: the per-person advisory lock makes the second wait and revoke the first one's new code instead.
   */
  async revokeActive(tx: TxOrManager, userId: string): Promise<void> {
    await queryIn(tx, `SELECT pg_advisory_xact_lock(hashtextextended('invite_codes:' || $1, 0))`, [userId]);
    await queryIn(
      tx,
      `UPDATE invite_codes SET "revokedAt" = now() WHERE "userId" = $1 AND "revokedAt" IS NULL`,
      [userId],
    );
  }
}
