import { fieldAnswers } from '../../../testing/dto-answers.js';
import { BalanceAdjustmentDto, ModerationActionDto } from './admin.dto.js';

const adjustment = { userId: 'rowan', amount: '5', reason: 'Welcome gift for rowan', type: 'deposit' };
const moderation = {
  userId: 'rowan',
  action: 'suspend',
  reason: 'Suspicious activity by rowan',
  duration: 7,
};

// The admin forms check the same cases with the same words before sending (frontend AdminPage.spec.tsx).
describe('admin DTO answers', () => {
  it('takes a complete adjustment and moderation action', async () => {
    expect(await fieldAnswers(adjustment, BalanceAdjustmentDto)).toEqual({});
    expect(await fieldAnswers(moderation, ModerationActionDto)).toEqual({});
  });

  it.each([
    ['amount', 'Amount must be a valid positive number', '5.555'],
    ['reason', 'Reason must be at least 10 characters', 'Too much'],
    ['reason', 'Reason must be at most 2000 characters', 'x'.repeat(2001)],
    ['userId', 'User ID is required', 'r'.repeat(65)],
  ])('refuses an adjustment %s with "%s"', async (field, message, value) => {
    expect(await fieldAnswers({ ...adjustment, [field]: value }, BalanceAdjustmentDto)).toEqual({
      [field]: message,
    });
  });

  it.each([
    ['reason', 'Reason must be at most 2000 characters', 'x'.repeat(2001)],
    ['duration', 'Duration must be at most 3650 days', 3651],
  ])('refuses a moderation %s with "%s"', async (field, message, value) => {
    expect(await fieldAnswers({ ...moderation, [field]: value }, ModerationActionDto)).toEqual({
      [field]: message,
    });
  });
});
