import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { TxOrManager } from '../../database/transactor.js';
import { type AccountDeletionParticipant, AccountDeletionParticipants } from '../users/index.js';
import { NotificationsRepository } from './notifications.repository.js';
import { PushSubscriptionsRepository } from './push/push-subscriptions.repository.js';

/**
 * Deleting an account drops its notifications and push subscriptions (personal data, nothing the books
 * need) and unlinks it from other people's notifications it caused. Runs after the bets participant, whose
 * refunds notify the other parties.
 */
@Injectable()
export class NotificationsDeletionParticipant implements AccountDeletionParticipant, OnModuleInit {
  readonly name = 'notifications';
  readonly order = 200;

  constructor(
    private readonly participants: AccountDeletionParticipants,
    private readonly notifications: NotificationsRepository,
    private readonly subscriptions: PushSubscriptionsRepository,
  ) {}

  onModuleInit(): void {
    this.participants.register(this);
  }

  async run(tx: TxOrManager, userId: string): Promise<void> {
    await this.notifications.dropAllOf(tx, userId);
    await this.notifications.unlinkActor(tx, userId);
    await this.subscriptions.dropAllOf(tx, userId);
  }
}
