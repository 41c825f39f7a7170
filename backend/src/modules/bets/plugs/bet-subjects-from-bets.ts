import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { TxOrManager } from '../../../database/transactor.js';
import { type BetState, BetSubjects, type BetSubjectSource } from '../../notifications/index.js';
import { BetsRepository } from '../bets.repository.js';

/** Where a notification's bet stands now for its recipient, so the notification's call to action stays true. */
@Injectable()
export class BetSubjectsFromBets implements BetSubjectSource, OnModuleInit {
  constructor(
    private readonly subjects: BetSubjects,
    private readonly bets: BetsRepository,
  ) {}

  onModuleInit(): void {
    this.subjects.plugIn(this);
  }

  statesFor(tx: TxOrManager, userId: string, betIds: number[]): Promise<({ id: number } & BetState)[]> {
    return this.bets.statesFor(tx, userId, betIds);
  }
}
