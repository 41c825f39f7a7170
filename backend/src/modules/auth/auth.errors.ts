import { ForbiddenError, UnauthorizedError } from '../../common/errors/domain-error.js';

/** The same answer whether the account is unknown or the password wrong (docs/product.md §10 (accounts)). */
export class InvalidCredentialsError extends UnauthorizedError {
  constructor() {
    super('Invalid email or password', 'invalid_credentials');
  }
}

export class AccountBannedError extends ForbiddenError {
  constructor() {
    super('This account has been banned. Contact support if you think this is a mistake.', 'account_banned');
  }
}

export class InvalidChallengeError extends UnauthorizedError {
  constructor() {
    super('Your sign-in attempt expired. Please sign in again.', 'invalid_2fa_challenge');
  }
}
