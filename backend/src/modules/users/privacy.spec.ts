import { isVisible, type ViewerRelation } from './privacy.js';

describe('isVisible', () => {
  const table: [string, ViewerRelation, boolean][] = [
    ['public', 'self', true],
    ['public', 'friend', true],
    ['public', 'stranger', true],
    ['public', 'admin', true],
    ['friends', 'self', true],
    ['friends', 'friend', true],
    ['friends', 'stranger', false],
    ['friends', 'admin', true],
    ['private', 'self', true],
    ['private', 'friend', false],
    ['private', 'stranger', false],
    ['private', 'admin', true],
  ];
  it.each(table)('%s seen by %s -> %s', (visibility, relation, expected) => {
    expect(isVisible(visibility as 'public' | 'friends' | 'private', relation)).toBe(expected);
  });
});
