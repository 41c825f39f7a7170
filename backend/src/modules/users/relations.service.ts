import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { currentManager } from '../../database/in-transaction.js';
import type { ViewerRelation } from './privacy.js';

/**
 * How people stand to each other, read from the friendships table: for privacy decisions (in one query for
 * a whole list) and for the rules that need a friendship (challenging someone who accepts challenges from
 * friends only, a head-to-head record). Inside a transaction it reads through that transaction.
 */
@Injectable()
export class RelationsService {
  constructor(private readonly dataSource: DataSource) {}

  async relationsOf(
    viewer: { id: string; isAdmin: boolean },
    userIds: string[],
  ): Promise<Map<string, ViewerRelation>> {
    const ids = [...new Set(userIds)];
    const relations = new Map<string, ViewerRelation>();
    if (ids.length === 0) return relations;
    const friends = await currentManager(this.dataSource).query<{ id: string }[]>(
      `SELECT CASE WHEN "requesterId" = $1 THEN "addresseeId" ELSE "requesterId" END AS id
         FROM friendships
        WHERE status = 'accepted'
          AND (("requesterId" = $1 AND "addresseeId" = ANY($2::uuid[])) OR ("addresseeId" = $1 AND "requesterId" = ANY($2::uuid[])))`,
      [viewer.id, ids],
    );
    const friendIds = new Set(friends.map((row) => row.id));
    for (const id of ids) {
      relations.set(
        id,
        id === viewer.id ? 'self' : viewer.isAdmin ? 'admin' : friendIds.has(id) ? 'friend' : 'stranger',
      );
    }
    return relations;
  }

  async areFriends(a: string, b: string): Promise<boolean> {
    const rows = await currentManager(this.dataSource).query<unknown[]>(
      `SELECT 1 FROM friendships WHERE status = 'accepted'
         AND LEAST("requesterId", "addresseeId") = LEAST($1::uuid, $2::uuid)
         AND GREATEST("requesterId", "addresseeId") = GREATEST($1::uuid, $2::uuid)`,
      [a, b],
    );
    return rows.length > 0;
  }
}
