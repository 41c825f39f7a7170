import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { currentManager } from '../../database/in-transaction.js';
import type { ViewerRelation } from './privacy.js';

/** Works out, in one query, how a viewer stands to a set of people, for privacy decisions. */
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
}
