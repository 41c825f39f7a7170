import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Transactor } from '../../database/transactor.js';
import type { Session } from './session.entity.js';
import { SessionsRepository } from './sessions.repository.js';

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
  constructor(
    private readonly transactor: Transactor,
    private readonly sessions: SessionsRepository,
  ) {}

  async create(data: SessionData): Promise<Session> {
    const fields = {
      sid: randomBytes(32).toString('base64url'),
      sess: data,
      expire: new Date(Date.now() + SESSION_TTL_MS),
    };
    return this.transactor.read((tx) => this.sessions.insert(tx, fields));
  }

  async find(sid: string): Promise<(Session & { sess: SessionData }) | null> {
    const session = await this.transactor.read((tx) => this.sessions.find(tx, sid));
    if (!session || session.expire.getTime() <= Date.now()) return null;
    return session as Session & { sess: SessionData };
  }

  async destroy(sid: string): Promise<void> {
    await this.transactor.read((tx) => this.sessions.delete(tx, sid));
  }

  /** Signs a user out everywhere (password change, ban, deletion). */
  async destroyAllFor(userId: string): Promise<void> {
    await this.transactor.read((tx) => this.sessions.deleteAllFor(tx, userId));
  }

  async purgeExpired(): Promise<void> {
    const now = new Date();
    await this.transactor.read((tx) => this.sessions.deleteExpiredBefore(tx, now));
  }
}
