import * as Yup from 'yup';

/**
 * Field rules more than one form checks, in docs/product.md §5's words; the server checks the same rules
 * with the same texts (backend `SignupDto`, `PASSWORD_RULES`, `UpdateProfileDto`, `LoginDto`,
 * `SearchQueryDto`), so a person reads the server's answer on the field while typing, never after sending.
 */
export const PASSWORD_MIN_MESSAGE = 'Password must be at least 8 characters';
export const PASSWORD_PATTERN_MESSAGE =
  'Password must contain uppercase, lowercase, number, and special character';

/** The longest password the server takes (it hashes at most this much). */
export const PASSWORD_MAX = 128;
export const PASSWORD_MAX_MESSAGE = `Password must be at most ${PASSWORD_MAX} characters`;

/** A new password: sign-up and the password change. */
export const newPasswordRule = () =>
  Yup.string()
    .required(PASSWORD_MIN_MESSAGE)
    .min(8, PASSWORD_MIN_MESSAGE)
    .max(PASSWORD_MAX, PASSWORD_MAX_MESSAGE)
    .matches(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).*$/, PASSWORD_PATTERN_MESSAGE);

export const NAME_MAX = 100;

/** A person's name part: sign-up and the profile. */
export const nameRule = (label: 'First name' | 'Last name') =>
  Yup.string()
    .trim()
    .required(`${label} is required`)
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`);

export const INVALID_EMAIL = 'Invalid email address';
export const EMAIL_MAX = 254;
/** The server's shape of an address: something, @, a domain with a dot ("zoe@nope" is refused). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email address as sign-up takes it. */
export const emailRule = () =>
  Yup.string()
    .trim()
    .required(INVALID_EMAIL)
    .max(EMAIL_MAX, INVALID_EMAIL)
    .matches(EMAIL_SHAPE, INVALID_EMAIL);

export const USERNAME_MIN_MESSAGE = 'Username must be at least 3 characters';

/** A username: 3 to 30 letters, digits and underscores. */
export const usernameRule = () =>
  Yup.string()
    .trim()
    .required(USERNAME_MIN_MESSAGE)
    .min(3, USERNAME_MIN_MESSAGE)
    .max(30, 'Username must be at most 30 characters')
    .matches(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers, and underscores');

/** A birthday: a real date, not in the future (the server refuses both). */
export const birthdayRule = () =>
  Yup.string()
    .required('Birthday is required')
    .test(
      'real',
      'Birthday must be a valid date',
      (value) => !value || !Number.isNaN(new Date(value).getTime()),
    )
    .test(
      'past',
      'Birthday must be a date in the past',
      (value) => !value || !(new Date(value).getTime() > Date.now()),
    );

/** The longest search text the server takes (Find Friends, the create flow's opponent search). */
export const SEARCH_TEXT_MAX = 100;

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
