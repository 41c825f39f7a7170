import type { Schemas } from '../../api/schemas';
import { linkUrl } from '../../lib/pending-link';

/** The API's shapes for circles, generated from the backend's OpenAPI document (src/api/schemas.ts). */
export type CircleSummary = Schemas['CircleSummaryDto'];
export type Circle = Schemas['CircleDto'];
export type CircleMember = Schemas['CircleMemberDto'];
export type CirclePerson = Schemas['CirclePersonDto'];
export type CircleInvitation = Schemas['CircleInvitationDto'];
export type CircleLink = Schemas['CircleLinkDto'];
export type CircleUpdate = Schemas['UpdateCircleDto'];
export type Season = Schemas['SeasonDto'];
export type FeedItem = Schemas['FeedItemDto'];
export type FeedPage = Schemas['FeedPageDto'];
export type FeedBet = Schemas['FeedBetDto'];
export type Reaction = Schemas['ReactionDto'];
export type Comment = Schemas['CommentDto'];
export type CommentPage = Schemas['CommentPageDto'];
export type Leaderboard = Schemas['LeaderboardDto'];
export type Standing = Schemas['StandingDto'];
export type SeasonLength = Circle['seasonLength'];

/** The fixed set of reactions the server accepts (circle-feed.service.ts), in the order they are offered. */
export const REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🔥', '🎉', '💸'] as const;
export type ReactionEmoji = (typeof REACTIONS)[number];

/** Words for each reaction, so a screen reader says "thumbs up", not an unnamed picture. */
export const REACTION_NAMES: Record<ReactionEmoji, string> = {
  '👍': 'thumbs up',
  '❤️': 'heart',
  '😂': 'laughing',
  '😮': 'surprised',
  '😢': 'sad',
  '🔥': 'fire',
  '🎉': 'party',
  '💸': 'money flying',
};

/** The address of a circle's invite link, to share (its code names the circle). */
export const circleLinkUrl = (code: string): string => linkUrl('circle', code);
