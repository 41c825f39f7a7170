import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
} from '../../common/errors/domain-error.js';

export class BetNotFoundError extends NotFoundError {
  constructor() {
    super('Bet not found', 'bet_not_found');
  }
}

export class NotYourMoveError extends ForbiddenError {
  constructor(message: string) {
    super(message, 'bet_forbidden');
  }
}

/** The bet is not in a status where this can happen (already accepted, resolved, ...). */
export class BetStateError extends ConflictError {
  constructor(message: string) {
    super(message, 'bet_wrong_state');
  }
}

export class InvalidBetError extends BadRequestError {
  constructor(message: string, field?: string) {
    super(message, 'invalid_bet', field ? { [field]: message } : undefined);
  }
}

export class AccountSuspendedError extends ForbiddenError {
  constructor() {
    super('Your account is suspended, so you cannot do this right now.', 'account_suspended');
  }
}
