import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { Session } from './session.entity.js';

export const SESSION_COOKIE = 'betwixt.sid';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionData {
  userId: string;
  /** How the user signed in: 'password' or 'oidc'. */
  method: string;
  [key: string]: unknown;
}

/**
 * Server-side sessions in the `sessions` table. Both sign-in paths create one: the identity-provider
 * path uses it through a cookie, the password path puts its id in the JWT, so deleting the row revokes
 * the token at once.
 */
@Injectable()
export class SessionStore {
  constructor(@InjectRepository(Session) private readonly sessions: Repository<Session>) {}

  async create(data: SessionData): Promise<Session> {
    const session = this.sessions.create({
      sid: randomBytes(32).toString('base64url'),
      sess: data,
      expire: new Date(Date.now() + SESSION_TTL_MS),
    });
    return this.sessions.save(session);
  }

  async find(sid: string): Promise<(Session & { sess: SessionData }) | null> {
    const session = await this.sessions.findOne({ where: { sid } });
    if (!session || session.expire.getTime() <= Date.now()) return null;
    return session as Session & { sess: SessionData };
  }

  async destroy(sid: string): Promise<void> {
    await this.sessions.delete({ sid });
  }

  /** Signs a user out everywhere (password change, ban, deletion). */
  async destroyAllFor(userId: string): Promise<void> {
    await this.sessions.query(`DELETE FROM sessions WHERE (sess->>'userId') = $1`, [userId]);
  }

  async purgeExpired(): Promise<void> {
    await this.sessions.delete({ expire: LessThan(new Date()) });
  }
}
