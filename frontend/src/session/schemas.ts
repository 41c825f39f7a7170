import * as Yup from 'yup';
import { US_STATES } from '../lib/us-states';

/** docs/product.md §5 Registration, word for word; the server checks the same rules with the same texts. */
export const signupSchema = Yup.object({
  firstName: Yup.string().trim().required('First name is required'),
  lastName: Yup.string().trim().required('Last name is required'),
  email: Yup.string().trim().required('Invalid email address').email('Invalid email address'),
  username: Yup.string()
    .trim()
    .required('Username must be at least 3 characters')
    .min(3, 'Username must be at least 3 characters')
    .matches(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers, and underscores'),
  password: Yup.string()
    .required('Password must be at least 8 characters')
    .min(8, 'Password must be at least 8 characters')
    .matches(
      /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).*$/,
      'Password must contain uppercase, lowercase, number, and special character',
    ),
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
