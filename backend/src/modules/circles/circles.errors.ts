import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
} from '../../common/errors/domain-error.js';

/** Asked of a circle one is not in: the same answer whether it exists or not, so ids reveal nothing. */
export class CircleNotFoundError extends NotFoundError {
  constructor() {
    super('Circle not found', 'circle_not_found');
  }
}

export class FeedItemNotFoundError extends NotFoundError {
  constructor() {
    super('This post is not in any of your circles', 'feed_item_not_found');
  }
}

export class CommentNotFoundError extends NotFoundError {
  constructor() {
    super('Comment not found', 'comment_not_found');
  }
}

export class InvitationNotFoundError extends NotFoundError {
  constructor() {
    super('This circle invitation is no longer open', 'circle_invitation_not_found');
  }
}

export class CircleInviteLinkNotFoundError extends NotFoundError {
  constructor() {
    super('This circle link does not work: ask a member for a new one', 'circle_link_not_found');
  }
}

export class CircleFullError extends ConflictError {
  constructor(max: number) {
    super(`A circle can have at most ${max} members`, 'circle_full');
  }
}

export class NotCircleOwnerError extends ForbiddenError {
  constructor(what: string) {
    super(`Only the circle's owner ${what}`, 'not_circle_owner');
  }
}

export class CircleRuleError extends BadRequestError {
  constructor(message: string, code: string, field?: string) {
    super(message, code, field ? { [field]: message } : undefined);
  }
}

export class AlreadyMemberError extends ConflictError {
  constructor() {
    super('You are already in this circle', 'already_member');
  }
}
