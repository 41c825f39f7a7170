import { Injectable } from '@nestjs/common';
import type { TxOrManager } from '../../database/transactor.js';

/**
 * One feature's share of deleting an account (docs/product.md §10 (accounts)). Runs inside the deletion's single
 * transaction, before the personal data is removed, with the user's row already locked: whatever it
 * writes commits or rolls back together with the rest of the deletion. Throwing aborts the deletion.
 *
 * Examples: the bets feature cancels and refunds pending bets and voids active or disputed ones with
 * refunds to both sides; a notifications feature could drop queued messages.
 */
export interface AccountDeletionParticipant {
  /** Unique, for diagnostics; registering a second participant with the same name is refused. */
  readonly name: string;
  /**
   * Lower runs first (default 100). Participants that move money should run before ones that only drop
   * rows, so a refund still sees the relations it needs.
   */
  readonly order?: number;
  run(tx: TxOrManager, userId: string): Promise<void>;
}

/**
 * The extension point of account deletion. It lives in UsersModule, which every feature module already
 * imports, so a feature registers its participant without depending on the settings module:
 *
 * ```ts
 * @Injectable()
 * export class MyDeletionParticipant implements AccountDeletionParticipant, OnModuleInit {
 *   readonly name = 'my-feature';
 *   constructor(private readonly participants: AccountDeletionParticipants) {}
 *   onModuleInit(): void { this.participants.register(this); }
 *   async run(tx: TxOrManager, userId: string): Promise<void> { ... }
 * }
 * ```
 * and list `MyDeletionParticipant` among that module's providers.
 */
@Injectable()
export class AccountDeletionParticipants {
  private readonly registered: AccountDeletionParticipant[] = [];

  register(participant: AccountDeletionParticipant): void {
    if (this.registered.some((existing) => existing.name === participant.name)) {
      throw new Error(`An account-deletion participant named "${participant.name}" is already registered`);
    }
    this.registered.push(participant);
  }

  /** Removes a participant (tests use this to clean up after themselves). */
  unregister(name: string): void {
    const index = this.registered.findIndex((participant) => participant.name === name);
    if (index >= 0) this.registered.splice(index, 1);
  }

  /** In run order: by `order`, then by registration. */
  all(): readonly AccountDeletionParticipant[] {
    return this.registered
      .map((participant, index) => ({ participant, index }))
      .sort((a, b) => (a.participant.order ?? 100) - (b.participant.order ?? 100) || a.index - b.index)
      .map(({ participant }) => participant);
  }
}
