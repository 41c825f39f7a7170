import type { ChallengeState } from './bet-lifecycle.js';
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

/** The creator is suspended: they could not report, so nobody may stake against them meanwhile. */
export class ChallengerSuspendedError extends ConflictError {
  constructor() {
    super(
      'The person who made this challenge cannot take bets right now. Try again after their suspension ends.',
      'challenger_suspended',
    );
  }
}

export class ChallengeNotFoundError extends NotFoundError {
  constructor() {
    super('This challenge link does not exist. Check that you have the whole link.', 'challenge_not_found');
  }
}

/** The creator opened their own open challenge's link: it is for someone else to accept. */
export class OwnChallengeError extends ForbiddenError {
  constructor() {
    super('This is your own challenge: send the link to someone to accept it.', 'challenge_own');
  }
}

const CLOSED: Record<Exclude<ChallengeState, 'open'>, { message: string; code: string }> = {
  taken: { message: 'Someone else accepted this challenge first.', code: 'challenge_taken' },
  cancelled: {
    message: 'This challenge was cancelled by the person who made it.',
    code: 'challenge_cancelled',
  },
  expired: { message: 'This challenge has expired.', code: 'challenge_expired' },
};

/** The open challenge can no longer be accepted: taken by someone else, cancelled or expired. */
export class ChallengeClosedError extends ConflictError {
  constructor(state: Exclude<ChallengeState, 'open'>) {
    super(CLOSED[state].message, CLOSED[state].code);
  }
}
