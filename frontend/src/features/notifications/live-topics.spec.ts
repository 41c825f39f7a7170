import { allTopicTags, circleChangeTags, tagsForTopics, TOPIC_TAGS } from './live-topics';

describe('tagsForTopics', () => {
  it('maps each topic to the tags its lists provide', () => {
    expect(tagsForTopics(['bets'])).toEqual(['Bet', 'Analytics']);
    expect(tagsForTopics(['wallet'])).toEqual(['Wallet', 'User', 'Analytics']);
    expect(tagsForTopics(['friends'])).toEqual(['Friend', 'FriendRequest', 'Analytics']);
    expect(tagsForTopics(['activities'])).toEqual(['Activity']);
    expect(tagsForTopics(['notifications'])).toEqual(['Notification']);
    expect(tagsForTopics(['profile'])).toEqual(['User']);
    expect(tagsForTopics(['circles'])).toEqual(['Circle', 'CircleFeed', 'Trophy']);
  });

  it('joins several topics without repeating a tag and ignores unknown ones', () => {
    expect(tagsForTopics(['bets', 'wallet', 'someday', 'toString'])).toEqual([
      'Bet',
      'Analytics',
      'Wallet',
      'User',
    ]);
    expect(tagsForTopics([])).toEqual([]);
  });

  it('refreshes every topic after a reconnection', () => {
    expect(new Set(allTopicTags())).toEqual(new Set(Object.values(TOPIC_TAGS).flat()));
  });
});

describe('circleChangeTags', () => {
  it('refreshes the circle’s feed, and the item’s comments for a comment', () => {
    expect(circleChangeTags({ circleId: 'c1', itemId: 3, change: 'reaction' })).toEqual([
      { type: 'CircleFeed', id: 'c1' },
    ]);
    expect(circleChangeTags({ circleId: 'c1', itemId: 3, change: 'comment' })).toEqual([
      { type: 'CircleFeed', id: 'c1' },
      { type: 'CircleComments', id: 3 },
    ]);
  });
});
