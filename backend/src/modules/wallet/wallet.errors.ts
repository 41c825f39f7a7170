import { BadRequestError, NotFoundError } from '../../common/errors/domain-error.js';

export class InsufficientBalanceError extends BadRequestError {
  constructor(message = 'Insufficient balance') {
    super(message, 'insufficient_balance');
  }
}

export class LedgerAccountNotFoundError extends NotFoundError {
  constructor() {
    super('User not found', 'user_not_found');
  }
}
