import { toApiError } from '../../lib/errors';
import { showServerFieldErrors } from './server-field-errors';

function helpers() {
  const errors: Record<string, string> = {};
  const touched: string[] = [];
  return {
    errors,
    touched,
    setFieldError: (path: string, message: string | undefined) => {
      if (message) errors[path] = message;
    },
    setFieldTouched: (path: string) => {
      touched.push(path);
      return Promise.resolve(undefined);
    },
  };
}

describe('showServerFieldErrors', () => {
  const values = { phoneNumber: '12', state: 'Oregon', outcomes: ['Yes', ''] };

  it("puts each message of the server's fields map on the form's field of that name, nested ones too", () => {
    const form = helpers();
    const error = toApiError(
      400,
      'Bad Request',
      JSON.stringify({
        message: 'Invalid phone number',
        fields: { phoneNumber: 'Invalid phone number', 'outcomes.1': 'Outcome must not be empty' },
      }),
    );
    expect(showServerFieldErrors(error, values, form)).toBe(2);
    expect(form.errors).toEqual({
      phoneNumber: 'Invalid phone number',
      'outcomes.1': 'Outcome must not be empty',
    });
    expect(form.touched).toEqual(['phoneNumber', 'outcomes.1']);
  });

  it('leaves alone fields the form does not have, and errors without a fields map', () => {
    const form = helpers();
    const unknownField = toApiError(400, 'Bad Request', '{"message":"No","fields":{"email":"Taken"}}');
    expect(showServerFieldErrors(unknownField, values, form)).toBe(0);
    expect(showServerFieldErrors(toApiError(409, 'Conflict', '{"message":"Taken"}'), values, form)).toBe(0);
    expect(showServerFieldErrors(new Error('offline'), values, form)).toBe(0);
    expect(form.errors).toEqual({});
  });
});
