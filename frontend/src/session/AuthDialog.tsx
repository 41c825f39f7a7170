import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  Link,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { api } from '../api/base-api';
import { useAppDispatch } from '../store/hooks';
import { FormikTextField } from '../components/form/FormikTextField';
import { showServerFieldErrors } from '../components/form/server-field-errors';
import { useToast } from '../components/toast/use-toast';
import { storeAuth } from '../lib/auth-storage';
import { serverMessage } from '../lib/errors';
import { type SignupInput } from './auth-api';
import { loginSchema, signupSchema } from './schemas';
import type { AuthResponse } from './types';
import { US_STATES } from '../lib/us-states';
import {
  useAuthControllerLoginMutation,
  useAuthControllerLoginWithCodeMutation,
  useAuthControllerSignupMutation,
} from '../api/enhanced-api';

export type AuthTab = 'login' | 'signup';

function LoginForm({ onSignedIn }: { onSignedIn: (auth: AuthResponse) => void }) {
  const [login] = useAuthControllerLoginMutation();
  const [loginWithCode] = useAuthControllerLoginWithCodeMutation();
  const [challenge, setChallenge] = useState<string | null>(null);
  const toast = useToast();
  const fail = (error: unknown) =>
    toast({
      title: 'Login Failed',
      description: serverMessage(error, 'Invalid email or password.'),
      variant: 'destructive',
    });

  if (challenge) {
    return (
      <Formik
        initialValues={{ code: '' }}
        onSubmit={async (values, helpers) => {
          try {
            onSignedIn(await loginWithCode({ challengeToken: challenge, code: values.code.trim() }).unwrap());
          } catch (error) {
            showServerFieldErrors(error, values, helpers);
            fail(error);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack spacing={2}>
              <Typography>Enter the 6-digit code from your authenticator app.</Typography>
              <FormikTextField
                name="code"
                label="Authentication code"
                autoFocus
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
              />
              <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                {isSubmitting ? 'Verifying...' : 'Verify'}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    );
  }

  return (
    <Formik
      initialValues={{ emailOrUsername: '', password: '' }}
      validationSchema={loginSchema}
      onSubmit={async (values, helpers) => {
        try {
          const result = await login({
            emailOrUsername: values.emailOrUsername.trim(),
            password: values.password,
          }).unwrap();
          if (result.twoFactorRequired && result.challengeToken) setChallenge(result.challengeToken);
          else if (result.token && result.user) onSignedIn({ token: result.token, user: result.user });
        } catch (error) {
          showServerFieldErrors(error, values, helpers);
          fail(error);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <Stack spacing={2}>
            <FormikTextField
              name="emailOrUsername"
              label="Email or username"
              autoComplete="username"
              autoFocus
            />
            <FormikTextField
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
            />
            <Link
              component={RouterLink}
              to="/forgot-password"
              variant="body2"
              sx={{ alignSelf: 'flex-end' }}
              // Keeps focus in the field: its blur would show "required" above the link and move the link
              // away between the press and the release, losing the tap.
              onMouseDown={(event) => event.preventDefault()}
            >
              Forgot password?
            </Link>
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              {isSubmitting ? 'Signing in...' : 'Sign In'}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

/** The form's values: a state is chosen from the list, or not yet. */
type SignupValues = Omit<SignupInput, 'state'> & { state: SignupInput['state'] | '' };

const EMPTY_SIGNUP: SignupValues = {
  firstName: '',
  lastName: '',
  email: '',
  username: '',
  password: '',
  confirmPassword: '',
  phoneNumber: '',
  birthday: '',
  state: '',
};

function SignupForm({ onSignedIn }: { onSignedIn: (auth: AuthResponse) => void }) {
  const [signup] = useAuthControllerSignupMutation();
  const toast = useToast();
  return (
    <Formik
      initialValues={EMPTY_SIGNUP}
      validationSchema={signupSchema}
      onSubmit={async (values, helpers) => {
        try {
          const { state } = values;
          if (!state) return; // signupSchema requires one, so Formik does not submit without it
          const body: SignupInput = {
            ...values,
            state,
            phoneNumber: values.phoneNumber?.trim() || undefined,
          };
          onSignedIn(await signup(body).unwrap());
          toast({
            title: 'Account Created',
            description: 'Welcome to Betwixt! Your account has been created successfully.',
            variant: 'success',
          });
        } catch (error) {
          showServerFieldErrors(error, values, helpers);
          toast({
            title: 'Signup Failed',
            description: serverMessage(error, 'Failed to create account. Please try again.'),
            variant: 'destructive',
          });
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormikTextField name="firstName" label="First name" autoComplete="given-name" />
              <FormikTextField name="lastName" label="Last name" autoComplete="family-name" />
            </Stack>
            <FormikTextField name="email" label="Email" type="email" autoComplete="email" />
            <FormikTextField name="username" label="Username" autoComplete="username" />
            <FormikTextField name="password" label="Password" type="password" autoComplete="new-password" />
            <FormikTextField
              name="confirmPassword"
              label="Confirm password"
              type="password"
              autoComplete="new-password"
            />
            <FormikTextField
              name="phoneNumber"
              label="Phone number (optional)"
              type="tel"
              autoComplete="tel"
            />
            <FormikTextField
              name="birthday"
              label="Birthday"
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormikTextField name="state" label="State" select>
              {US_STATES.map((state) => (
                <MenuItem key={state} value={state}>
                  {state}
                </MenuItem>
              ))}
            </FormikTextField>
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              {isSubmitting ? 'Creating account...' : 'Create Account'}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

/** Login and Sign Up tabs (docs/product.md §2). After success the signed-in app replaces the landing page. */
export function AuthDialog({
  open,
  tab,
  onTabChange,
  onClose,
}: {
  open: boolean;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const dispatch = useAppDispatch();
  const toast = useToast();
  const signedIn = (auth: AuthResponse, greet: boolean) => {
    storeAuth(auth.token, auth.user);
    if (greet)
      toast({ title: 'Login Successful', description: 'Welcome back to Betwixt!', variant: 'success' });
    onClose();
    // The "page reload" after success: everything cached is refetched as the signed-in user.
    dispatch(api.util.resetApiState());
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="xs"
      aria-labelledby="auth-dialog-title"
    >
      <DialogTitle id="auth-dialog-title" sx={{ pb: 0, pr: 7 }}>
        {tab === 'login' ? 'Welcome back' : 'Create your account'}
      </DialogTitle>
      {/* Always reachable, also on a phone where the dialog fills the screen. */}
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', top: 8, right: 8 }}>
        <CloseIcon />
      </IconButton>
      <Tabs
        value={tab}
        onChange={(_event, value: AuthTab) => onTabChange(value)}
        variant="fullWidth"
        aria-label="Sign in or sign up"
      >
        <Tab label="Login" value="login" id="auth-tab-login" aria-controls="auth-panel-login" />
        <Tab label="Sign Up" value="signup" id="auth-tab-signup" aria-controls="auth-panel-signup" />
      </Tabs>
      <DialogContent>
        <Box role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`} sx={{ pt: 1 }}>
          {tab === 'login' ? (
            <LoginForm onSignedIn={(auth) => signedIn(auth, true)} />
          ) : (
            <SignupForm onSignedIn={(auth) => signedIn(auth, false)} />
          )}
        </Box>
        <Divider sx={{ my: 2 }}>or</Divider>
        <Button fullWidth variant="outlined" size="large" href="/api/login">
          Continue with your identity provider
        </Button>
      </DialogContent>
    </Dialog>
  );
}
