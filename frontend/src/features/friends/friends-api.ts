import type { Schemas } from '../../api/schemas';

/** The API's shapes for people and friends, generated from the backend's OpenAPI document (src/api/schemas.ts). */
/** Who someone is, as any list shows them (name, username, picture), whatever else the list adds. */
export type PersonSummary = Schemas['PersonDto'];
export type Person = Schemas['PersonResultDto'];
export type FriendshipStatus = Person['friendshipStatus'];
export type Friend = Schemas['FriendDto'];
export type FriendList = Schemas['FriendListDto'];
export type FriendRequest = Schemas['FriendRequestDto'];
/** A "People you may know" entry. */
export type Suggestion = Schemas['SuggestionDto'];
export type InviteLink = Schemas['InviteLinkDto'];
/** Who an invite link is from (GET /api/invites/{code}, also signed out). */
export type Invite = Schemas['InviteDto'];
export type InviteAccepted = Schemas['InviteAcceptedDto'];
export type HeadToHead = Schemas['HeadToHeadDto'];
export type Friendship = Schemas['FriendshipDto'];

/** docs/product.md §9: friend requests refetched every 30 s. */
export const FRIEND_REQUESTS_POLL_MS = 30_000;
