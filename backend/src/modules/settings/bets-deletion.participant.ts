import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BetsService } from '../bets/bets.service.js';
import {
  AccountDeletionParticipants,
  type AccountDeletionParticipant,
} from '../users/account-deletion-participants.js';

/**
 * The bets side of deleting an account: pending bets cancelled with the creator refunded, active and
 * disputed bets voided with both stakes refunded (BetsService.voidOpenBetsOf), inside the deletion's
 * transaction. Registered from here because this module already depends on BetsModule; it can move
 * into BetsModule unchanged (UsersModule provides the registry there too).
 */
@Injectable()
export class BetsDeletionParticipant implements AccountDeletionParticipant, OnModuleInit {
  readonly name = 'bets';
  readonly order = 10;

  constructor(
    private readonly bets: BetsService,
    private readonly participants: AccountDeletionParticipants,
  ) {}

  onModuleInit(): void {
    this.participants.register(this);
  }

  async run(manager: EntityManager, userId: string): Promise<void> {
    await this.bets.voidOpenBetsOf(manager, userId);
  }
}
