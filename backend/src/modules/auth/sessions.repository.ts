import { Injectable } from '@nestjs/common';
import { prepared } from '../../database/prepared-statement.js';
import { LessThan } from 'typeorm';
import { queryIn } from '../../database/query-in.js';
import { ReadPool } from '../../database/read-pool.js';
import { managerOf, type TxOrManager } from '../../database/transactor.js';
import { Session } from './session.entity.js';

/** The sessions table: sign-in creates a row, sign-out and revocation delete it, every request looks it up. */
@Injectable()
export class SessionsRepository {
  constructor(private readonly reads: ReadPool) {}

  insert(tx: TxOrManager, fields: Pick<Session, 'sid' | 'sess' | 'expire'>): Promise<Session> {
    const sessions = managerOf(tx).getRepository(Session);
    return sessions.save(sessions.create(fields));
  }

  find(tx: TxOrManager, sid: string): Promise<Session | null> {
    return managerOf(tx).getRepository(Session).findOne({ where: { sid } });
  }

  async delete(tx: TxOrManager, sid: string): Promise<void> {
    await managerOf(tx).getRepository(Session).delete({ sid });
  }

  async deleteAllFor(tx: TxOrManager, userId: string): Promise<void> {
    await queryIn(tx, `DELETE FROM sessions WHERE (sess->>'userId') = $1`, [userId]);
  }

  async deleteExpiredBefore(tx: TxOrManager, now: Date): Promise<void> {
    await managerOf(tx)
      .getRepository(Session)
      .delete({ expire: LessThan(now) });
  }

  /**
   * The live session's user, unless banned or deleted, in one statement on the ReadPool: every authenticated
   * request pays for this one.
   */
  async liveSessionUser(sid: string): Promise<{ id: string; isAdmin: boolean } | undefined> {
    const [row] = await this.reads.rows<{ id: string; isAdmin: boolean }>(
      prepared(`SELECT u.id, u."isAdmin"
         FROM sessions s
         JOIN people u ON u.id = (s.sess->>'userId')::uuid
        WHERE s.sid = $1 AND s.expire > now() AND u.active`),
      [sid],
    );
    return row;
  }
}
