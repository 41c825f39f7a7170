import { validateYupSchema, yupToFormErrors } from 'formik';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { loginSchema, signupSchema } from './schemas';

/** The form's errors as Formik works them out. */
async function formErrors(schema: AnyObjectSchema, values: object): Promise<Record<string, unknown>> {
  try {
    await validateYupSchema(values, schema);
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return yupToFormErrors(error);
    throw error;
  }
}

const signup = {
  firstName: 'Zoe',
  lastName: 'Park',
  email: 'zoe@example.com',
  username: 'zoe_park',
  password: 'Secret@123',
  confirmPassword: 'Secret@123',
  phoneNumber: '',
  birthday: '1990-04-01',
  state: 'Oregon',
};

// Each case is one the server refuses (SignupDto, LoginDto) with the same words: the form says it first.
describe('the sign-up form answers as the server would', () => {
  it('takes a complete sign-up', async () => {
    expect(await formErrors(signupSchema, signup)).toEqual({});
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
    ['birthday', 'Birthday must be a date in the past', '2999-01-01'],
  ])('refuses a %s with "%s"', async (field, message, value) => {
    const values = { ...signup, [field]: value, ...(field === 'password' ? { confirmPassword: value } : {}) };
    expect(await formErrors(signupSchema, values)).toEqual({ [field]: message });
  });

  it('trims the email as the server does', async () => {
    expect(await formErrors(signupSchema, { ...signup, email: '  zoe@example.com ' })).toEqual({});
  });

  it('refuses a sign-in the server could not take', async () => {
    expect(await formErrors(loginSchema, { emailOrUsername: 'z'.repeat(255), password: 'x' })).toEqual({
      emailOrUsername: 'Email or username is too long',
    });
    expect(await formErrors(loginSchema, { emailOrUsername: 'zoe', password: 'x'.repeat(129) })).toEqual({
      password: 'Invalid email or password',
    });
  });
});
