import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type AccountDeletionParticipant, AccountDeletionParticipants } from '../users/index.js';

/**
 * Deleting an account drops its notifications and push subscriptions (personal data, nothing the books
 * need) and unlinks it from other people's notifications it caused. Runs after the bets participant, whose
 * refunds notify the other parties.
 */
@Injectable()
export class NotificationsDeletionParticipant implements AccountDeletionParticipant, OnModuleInit {
  readonly name = 'notifications';
  readonly order = 200;

  constructor(private readonly participants: AccountDeletionParticipants) {}

  onModuleInit(): void {
    this.participants.register(this);
  }

  async run(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`DELETE FROM notifications WHERE "userId" = $1`, [userId]);
    await manager.query(`UPDATE notifications SET "actorId" = NULL WHERE "actorId" = $1`, [userId]);
    await manager.query(`DELETE FROM push_subscriptions WHERE "userId" = $1`, [userId]);
  }
}
