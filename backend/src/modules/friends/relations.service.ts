import { Injectable } from '@nestjs/common';
import type { Tx } from '../../database/transactor.js';
import type { ViewerRelation } from '../users/index.js';
import { FriendsRepository } from './friends.repository.js';

/**
 * How people stand to each other: for privacy decisions (in one query for a whole list) and for the rules
 * that need a friendship (challenging someone who accepts challenges from friends only, a head-to-head
 * record). Inside a unit of work it reads through that transaction.
 */
@Injectable()
export class RelationsService {
  constructor(private readonly friendships: FriendsRepository) {}

  async relationsOf(
    viewer: { id: string; isAdmin: boolean },
    userIds: string[],
  ): Promise<Map<string, ViewerRelation>> {
    const ids = [...new Set(userIds)];
    const relations = new Map<string, ViewerRelation>();
    if (ids.length === 0) return relations;
    const friendIds = await this.friendships.friendsAmong(viewer.id, ids);
    for (const id of ids) {
      relations.set(
        id,
        id === viewer.id ? 'self' : viewer.isAdmin ? 'admin' : friendIds.has(id) ? 'friend' : 'stranger',
      );
    }
    return relations;
  }

  /**
   * Whether `a` and `b` are friends; in `tx` when the caller holds a transaction, so that the check reads on
   * that transaction's connection instead of waiting for a second one from the pool (with every connection
   * held by a transaction waiting so, none would ever come back).
   */
  areFriends(a: string, b: string, tx?: Tx): Promise<boolean> {
    return this.friendships.areFriends(a, b, tx);
  }
}
