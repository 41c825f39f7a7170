import * as Yup from 'yup';
import { nameRule, newPasswordRule } from '../lib/form-rules';
import { US_STATES } from '../lib/us-states';

/** docs/product.md §5 Registration, word for word; the server checks the same rules with the same texts. */
export const signupSchema = Yup.object({
  firstName: nameRule('First name is required'),
  lastName: nameRule('Last name is required'),
  email: Yup.string().trim().required('Invalid email address').email('Invalid email address'),
  username: Yup.string()
    .trim()
    .required('Username must be at least 3 characters')
    .min(3, 'Username must be at least 3 characters')
    .matches(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers, and underscores'),
  password: newPasswordRule(),
  confirmPassword: Yup.string()
    .required("Passwords don't match")
    .oneOf([Yup.ref('password')], "Passwords don't match"),
  phoneNumber: Yup.string().optional(),
  birthday: Yup.string().required('Birthday is required'),
  state: Yup.string()
    .required('State is required')
    .oneOf([...US_STATES], 'State is required'),
});

export const loginSchema = Yup.object({
  emailOrUsername: Yup.string().trim().required('Email or username is required'),
  password: Yup.string().required('Password is required'),
});
