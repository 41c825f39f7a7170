import { fieldAnswers } from '../../../testing/dto-answers.js';
import { CreateBetDto, CreateChallengeDto } from './create-bet.dto.js';

const terms = {
  amount: '10',
  title: 'Rain?',
  outcomes: ['Yes', 'No'],
  duration: 168,
  creatorPick: 'Yes',
  resolutionType: 'mutual',
};
const bet = { ...terms, opponentId: '6f1c3a52-8a8e-4a55-9a3c-2d1f0b9e7c11' };

// The create flow checks the same cases with the same words on the step where each is typed (frontend
// features/bets/create-bet-rules.spec.ts).
describe('CreateBetDto answers', () => {
  it('takes a complete bet and an open challenge', async () => {
    expect(await fieldAnswers(bet, CreateBetDto)).toEqual({});
    expect(await fieldAnswers(terms, CreateChallengeDto)).toEqual({});
  });

  it.each([
    ['amount', 'Amount must be a number with at most 2 decimal places', '10.555'],
    ['amount', 'Amount must be a number with at most 2 decimal places', '123456789'],
    ['amount', 'Minimum bet amount is $0.01', '0.00'],
    ['outcomes', 'Outcome options must all be different', ['Yes', 'yes']],
    ['outcomes', 'Outcome options must all be different', [' No', 'Yes', 'no ']],
    ['description', 'Description must be at most 2000 characters', 'x'.repeat(2001)],
    ['title', 'Title must be at most 200 characters', 'x'.repeat(201)],
  ])('refuses a %s with "%s"', async (field, message, value) => {
    expect(await fieldAnswers({ ...bet, [field]: value }, CreateBetDto)).toEqual({ [field]: message });
    expect(await fieldAnswers({ ...terms, [field]: value }, CreateChallengeDto)).toEqual({
      [field]: message,
    });
  });
});
