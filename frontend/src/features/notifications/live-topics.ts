import type { api } from '../../api/base-api';
import type { ChangeTopic } from './types';

type ApiTag = Parameters<typeof api.util.invalidateTags>[0][number];

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
