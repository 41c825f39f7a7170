import { fieldAnswers } from '../../../testing/dto-answers.js';
import { LoginDto } from './login.dto.js';
import { SignupDto } from './signup.dto.js';

const signup = {
  firstName: 'Zoe',
  lastName: 'Park',
  email: 'zoe@example.com',
  username: 'zoe_park',
  password: 'Secret@123',
  confirmPassword: 'Secret@123',
  birthday: '1990-04-01',
  state: 'Oregon',
};

// The sign-up form checks the same cases with the same words (frontend session/schemas.spec.ts).
describe('SignupDto answers', () => {
  it('takes a complete sign-up', async () => {
    expect(await fieldAnswers(signup, SignupDto)).toEqual({});
  });

  it.each([
    ['email', 'Invalid email address', 'zoe@nope'],
    ['email', 'Invalid email address', 'zoe park@example.com'],
    ['email', 'Invalid email address', `${'z'.repeat(250)}@example.com`],
    ['firstName', 'First name must be at most 100 characters', 'Z'.repeat(101)],
    ['lastName', 'Last name must be at most 100 characters', 'P'.repeat(101)],
    ['username', 'Username must be at most 30 characters', 'z'.repeat(31)],
    ['password', 'Password must be at most 128 characters', `Aa1@${'x'.repeat(125)}`],
    ['phoneNumber', 'Invalid phone number', 'call me'],
  ])('refuses a %s with "%s"', async (field, message, value) => {
    const body = { ...signup, [field]: value, ...(field === 'password' ? { confirmPassword: value } : {}) };
    expect(await fieldAnswers(body, SignupDto)).toEqual({ [field]: message });
  });

  it('refuses a sign-in it could not take', async () => {
    expect(await fieldAnswers({ emailOrUsername: 'z'.repeat(255), password: 'x' }, LoginDto)).toEqual({
      emailOrUsername: 'Email or username is too long',
    });
    expect(await fieldAnswers({ emailOrUsername: 'zoe', password: 'x'.repeat(129) }, LoginDto)).toEqual({
      password: 'Invalid email or password',
    });
  });
});
