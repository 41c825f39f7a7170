import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { Transactor } from '../../database/transactor.js';
import { BetsTogether } from './bets-together.js';
import { RelationsService } from './relations.service.js';
import type { HeadToHeadDto } from './dto/person.dto.js';
import { NotFriendsError } from './friends.errors.js';

/**
 * The record between two friends over their completed bets, and how many bets between them are still open,
 * as bets counts them in one statement.
 */
@Injectable()
export class HeadToHeadService {
  constructor(
    private readonly transactor: Transactor,
    private readonly together: BetsTogether,
    private readonly relations: RelationsService,
  ) {}

  async between(viewer: AuthUser, friendId: string): Promise<HeadToHeadDto> {
    if (friendId === viewer.id || !(await this.relations.areFriends(viewer.id, friendId))) {
      throw new NotFriendsError();
    }
    const row = await this.transactor.read((tx) => this.together.recordBetween(tx, viewer.id, friendId));
    const latest = row?.latest ?? null;
    const kind = latest === 'won' || latest === 'lost' ? latest : 'none';
    return {
      won: row?.won ?? 0,
      lost: row?.lost ?? 0,
      draws: row?.draws ?? 0,
      netProfit: row?.net ?? '0.00',
      currentStreak: { kind, count: kind === 'none' ? 0 : (row?.streak ?? 0) },
      biggestWin: row?.biggest ?? null,
      totalBets: row?.total ?? 0,
      activeBets: row?.active ?? 0,
      pendingBets: row?.pending ?? 0,
    };
  }
}
