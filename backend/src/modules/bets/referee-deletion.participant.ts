import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  AccountDeletionParticipants,
  type AccountDeletionParticipant,
} from '../users/account-deletion-participants.js';
import { RefereeService } from './referee.service.js';

/**
 * Deleting the account of someone who referees open bets, inside the deletion's transaction: a pending bet
 * waits for a new referee, one under way goes to an admin (docs/product.md, "Referee bets"). Runs after the
 * bets they play in were voided.
 */
@Injectable()
export class RefereeDeletionParticipant implements AccountDeletionParticipant, OnModuleInit {
  readonly name = 'referee';
  readonly order = 11;

  constructor(
    private readonly participants: AccountDeletionParticipants,
    private readonly referees: RefereeService,
  ) {}

  onModuleInit(): void {
    this.participants.register(this);
  }

  async run(manager: EntityManager, userId: string): Promise<void> {
    await this.referees.handOverRefereeingOf(manager, userId);
  }
}
