import { linkedBetId } from './linked-bet';

describe('linkedBetId', () => {
  it('reads a positive integer only', () => {
    expect(linkedBetId('42')).toBe(42);
    expect(linkedBetId(null)).toBeNull();
    expect(linkedBetId('0')).toBeNull();
    expect(linkedBetId('-1')).toBeNull();
    expect(linkedBetId('4x')).toBeNull();
    expect(linkedBetId('')).toBeNull();
  });
});
