import type { enhancedApi } from '../../api/enhanced-api';
import type { ChangeTopic, CircleLiveChange } from './types';

type ApiTag = Parameters<typeof enhancedApi.util.invalidateTags>[0][number];

/**
 * What each topic of the live stream's `changed` event refreshes: the tags the features' queries
 * provide. A whole tag type ('Bet') covers the lists, a single bet and the expiring bets; the user
 * ('User') carries the balance shown in the top bar.
 */
export const TOPIC_TAGS: Record<ChangeTopic, readonly ApiTag[]> = {
  bets: ['Bet', 'Analytics'],
  wallet: ['Wallet', 'User', 'Analytics'],
  friends: ['Friend', 'FriendRequest', 'Analytics'],
  activities: ['Activity'],
  notifications: ['Notification'],
  profile: ['User'],
  circles: ['Circle', 'CircleFeed', 'Trophy'],
};

/** The tags to invalidate for the topics of one `changed` event; unknown topics are ignored. */
export function tagsForTopics(topics: readonly string[]): ApiTag[] {
  const tags = new Set<ApiTag>();
  for (const topic of topics) {
    if (Object.hasOwn(TOPIC_TAGS, topic)) for (const tag of TOPIC_TAGS[topic as ChangeTopic]) tags.add(tag);
  }
  return [...tags];
}

/** After a reconnection events may have been missed, so every topic is refreshed. */
export function allTopicTags(): ApiTag[] {
  return tagsForTopics(Object.keys(TOPIC_TAGS));
}

/**
 * What a circle event refreshes: that circle's feed (the new item, or the counts of the one commented on or
 * reacted to) and, for a comment, that item's comments.
 */
export function circleChangeTags(change: CircleLiveChange): ApiTag[] {
  const tags: ApiTag[] = [{ type: 'CircleFeed', id: change.circleId }];
  if (change.change === 'comment') tags.push({ type: 'CircleComments', id: change.itemId });
  return tags;
}
