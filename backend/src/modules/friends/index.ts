export { BetsTogether, type BetsTogetherSource, type HeadToHeadRow } from './bets-together.js';
export { FriendsModule } from './friends.module.js';
export { countAcceptedFriends, FriendsRepository } from './friends.repository.js';
export { Friendship } from './friendship.entity.js';
export { InviteCode } from './invites/invite-code.entity.js';
export { RelationsService } from './relations.service.js';
export { SuggestionDismissal } from './suggestion-dismissal.entity.js';
export { UuidPipe } from './uuid-param.pipe.js';
