import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { TxOrManager } from '../../../database/transactor.js';
import { FriendRequests, type FriendRequestSource } from '../../notifications/index.js';
import { FriendsRepository } from '../friends.repository.js';

/** Where a notified friend request stands now, so its notification offers only what can still be done. */
@Injectable()
export class FriendRequestsFromFriends implements FriendRequestSource, OnModuleInit {
  constructor(
    private readonly requests: FriendRequests,
    private readonly friendships: FriendsRepository,
  ) {}

  onModuleInit(): void {
    this.requests.plugIn(this);
  }

  statesWith(tx: TxOrManager, userId: string, ids: string[]): Promise<{ other: string; status: string }[]> {
    return this.friendships.statesWith(tx, userId, ids);
  }
}
