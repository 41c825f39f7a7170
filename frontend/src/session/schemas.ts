import * as Yup from 'yup';
import {
  birthdayRule,
  emailRule,
  nameRule,
  newPasswordRule,
  PASSWORD_MAX,
  phoneRule,
  usernameRule,
} from '../lib/form-rules';
import { US_STATES } from '../lib/us-states';

/** docs/product.md §5 Registration, word for word; the server checks the same rules with the same texts. */
export const signupSchema = Yup.object({
  firstName: nameRule('First name'),
  lastName: nameRule('Last name'),
  email: emailRule(),
  username: usernameRule(),
  password: newPasswordRule(),
  confirmPassword: Yup.string()
    .required("Passwords don't match")
    .oneOf([Yup.ref('password')], "Passwords don't match"),
  phoneNumber: phoneRule(),
  birthday: birthdayRule(),
  state: Yup.string()
    .required('State is required')
    .oneOf([...US_STATES], 'State is required'),
});

/** docs/product.md §5 Login, with the server's limits (LoginDto): a longer password cannot be right. */
export const loginSchema = Yup.object({
  emailOrUsername: Yup.string()
    .trim()
    .required('Email or username is required')
    .max(254, 'Email or username is too long'),
  password: Yup.string().required('Password is required').max(PASSWORD_MAX, 'Invalid email or password'),
});
