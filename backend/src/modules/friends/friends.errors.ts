import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  GoneError,
  NotFoundError,
} from '../../common/errors/domain-error.js';

export class PersonNotFoundError extends NotFoundError {
  constructor() {
    super('User not found', 'user_not_found');
  }
}

export class FriendRequestNotFoundError extends NotFoundError {
  constructor() {
    super('Friend request not found', 'friend_request_not_found');
  }
}

export class NotFriendsError extends NotFoundError {
  constructor() {
    super('You are not friends with this person', 'not_friends');
  }
}

export class SelfFriendRequestError extends BadRequestError {
  constructor() {
    super('You cannot send a friend request to yourself', 'friend_request_self', {
      addresseeId: 'You cannot send a friend request to yourself',
    });
  }
}

export class FriendshipConflictError extends ConflictError {
  constructor(message: string, code: string) {
    super(message, code);
  }
}

export class NotAddresseeError extends ForbiddenError {
  constructor(action: 'accept' | 'decline') {
    super(`Only the person who received this friend request can ${action} it`, 'friend_request_forbidden');
  }
}

/**
 * Suspended accounts cannot send friend requests (docs/product.md §10 (accounts)); same code as the bet
 * refusal.
 */
export class SuspendedFriendRequestError extends ForbiddenError {
  constructor() {
    super('Your account is suspended, so you cannot send friend requests right now.', 'account_suspended');
  }
}

export class InviteNotFoundError extends NotFoundError {
  constructor() {
    super('This invite link does not exist. Ask your friend to send it again.', 'invite_not_found');
  }
}

export class InviteRevokedError extends GoneError {
  constructor() {
    super(
      'This invite link was replaced and no longer works. Ask your friend for their new link.',
      'invite_revoked',
    );
  }
}

export class SelfInviteError extends BadRequestError {
  constructor() {
    super('This is your own invite link. Share it with friends so they can add you.', 'invite_self');
  }
}

export class SelfDismissError extends BadRequestError {
  constructor() {
    super('You are never suggested to yourself', 'suggestion_self');
  }
}
