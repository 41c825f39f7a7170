import * as Yup from 'yup';

/**
 * Field rules more than one form checks, in docs/product.md §5's words; the server checks the same rules
 * with the same texts (backend `PASSWORD_RULES`, `UpdateProfileDto`).
 */
export const PASSWORD_MIN_MESSAGE = 'Password must be at least 8 characters';
export const PASSWORD_PATTERN_MESSAGE =
  'Password must contain uppercase, lowercase, number, and special character';

/** A new password: sign-up and the password change. */
export const newPasswordRule = () =>
  Yup.string()
    .required(PASSWORD_MIN_MESSAGE)
    .min(8, PASSWORD_MIN_MESSAGE)
    .matches(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).*$/, PASSWORD_PATTERN_MESSAGE);

/** A person's name part: sign-up and the profile. */
export const nameRule = (message: string) => Yup.string().trim().required(message);

/** An optional phone number, as the server accepts it. */
export const phoneRule = () =>
  Yup.string()
    .trim()
    .max(32, 'Phone number must be at most 32 characters')
    .matches(/^[+()\d\s.-]{5,32}$/, { message: 'Invalid phone number', excludeEmptyString: true });

/** A code from an authenticator app, as the server's two-factor endpoints take it. */
export const oneTimeCodeRule = () =>
  Yup.string()
    .trim()
    .required('Enter the 6-digit code from your authenticator app')
    .matches(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');
