import { Injectable } from '@nestjs/common';
import { Port } from '../../common/port.js';
import type { TxOrManager } from '../../database/transactor.js';

/** Where a person's friendships with some people stand: the friends module, which owns them. */
export interface FriendRequestSource {
  /** The pair's row with each of `ids`, either direction (`other` is the one who is not `userId`). */
  statesWith(tx: TxOrManager, userId: string, ids: string[]): Promise<{ other: string; status: string }[]>;
}

/**
 * The friend requests a page of notifications is about, as they stand now. Friends imports notifications (a
 * request notifies its addressee), so notifications cannot ask friends directly: the friends module plugs its
 * source in when it starts.
 */
@Injectable()
export class FriendRequests extends Port<FriendRequestSource> {
  constructor() {
    super('friend requests');
  }

  statesWith(tx: TxOrManager, userId: string, ids: string[]): Promise<{ other: string; status: string }[]> {
    return this.plugged.statesWith(tx, userId, ids);
  }
}
