import { Injectable } from '@nestjs/common';
import { queryIn } from '../../database/query-in.js';
import type { TxOrManager } from '../../database/transactor.js';

/**
 * Auth's SQL on its own table: the mailed password reset links (password_reset_tokens). The account's
 * credentials on the user row are users' (CredentialsRepository).
 */
@Injectable()
export class AuthRepository {
  /** The user's reset links not used yet. */
  async dropUnusedResetTokens(tx: TxOrManager, userId: string): Promise<void> {
    await queryIn(tx, `DELETE FROM password_reset_tokens WHERE "userId" = $1 AND "usedAt" IS NULL`, [userId]);
  }

  /** Every reset link of the user. */
  async dropResetTokensOf(tx: TxOrManager, userId: string): Promise<void> {
    await queryIn(tx, `DELETE FROM password_reset_tokens WHERE "userId" = $1`, [userId]);
  }

  /** A new reset link's row, its secret's hash still to be set (it names the row's id). */
  async insertResetToken(tx: TxOrManager, userId: string, expiresAt: Date): Promise<string> {
    const inserted = await queryIn<{ id: string }[]>(
      tx,
      `INSERT INTO password_reset_tokens ("userId", "secretHash", "expiresAt") VALUES ($1, '', $2) RETURNING id`,
      [userId, expiresAt],
    );
    return inserted[0]?.id ?? '';
  }

  async setResetSecret(tx: TxOrManager, id: string, secretHash: string): Promise<void> {
    await queryIn(tx, `UPDATE password_reset_tokens SET "secretHash" = $2 WHERE id = $1`, [id, secretHash]);
  }

  /** The unused, unexpired link of a live account, locked for the transaction. */
  async lockResetToken(
    tx: TxOrManager,
    id: string,
    now: Date,
  ): Promise<{ userId: string; secretHash: string } | undefined> {
    const rows = await queryIn<{ userId: string; secretHash: string }[]>(
      tx,
      `SELECT t."userId", t."secretHash" FROM password_reset_tokens t JOIN people u ON u.id = t."userId"
        WHERE t.id = $1 AND t."usedAt" IS NULL AND t."expiresAt" > $2
          AND u.active
        FOR UPDATE OF t`,
      [id, now],
    );
    return rows[0];
  }

  async useResetToken(tx: TxOrManager, id: string, now: Date): Promise<void> {
    await queryIn(tx, `UPDATE password_reset_tokens SET "usedAt" = $2 WHERE id = $1`, [id, now]);
  }
}
