import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import * as Yup from 'yup';
import { FormikTextField } from '../../components/form/FormikTextField';
import { showServerFieldErrors } from '../../components/form/server-field-errors';
import { LinkPage } from '../../components/LinkPage';
import { serverMessage } from '../../lib/errors';
import { newPasswordRule } from '../../lib/form-rules';
import { useAuth } from '../../session/use-auth';
import { useAuthControllerResetPasswordMutation } from '../../api/enhanced-api';

const AuthDialog = lazy(() =>
  import('../../session/AuthDialog').then((module) => ({ default: module.AuthDialog })),
);

const schema = Yup.object({
  password: newPasswordRule(),
  confirmPassword: Yup.string()
    .required("Passwords don't match")
    .oneOf([Yup.ref('password')], "Passwords don't match"),
});

/** Where a mailed reset link lands: choose a new password, then sign in with it. */
export default function ResetPasswordPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [reset] = useAuthControllerResetPasswordMutation();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const navigate = useNavigate();

  return (
    <LinkPage signedIn={user !== null}>
      <Stack spacing={3} sx={{ width: '100%', maxWidth: 400 }}>
        <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>
          Choose a new password
        </Typography>
        {done ? (
          <Stack spacing={2}>
            <Alert severity="success">{done}</Alert>
            <Typography color="text.secondary">You were signed out on every device.</Typography>
            <Button variant="contained" size="large" onClick={() => setSigningIn(true)}>
              Sign In
            </Button>
          </Stack>
        ) : (
          <Formik
            initialValues={{ password: '', confirmPassword: '' }}
            validationSchema={schema}
            onSubmit={async (values, helpers) => {
              setFailure(null);
              try {
                setDone((await reset({ token, ...values }).unwrap()).message);
              } catch (error) {
                showServerFieldErrors(error, values, helpers);
                setFailure(serverMessage(error, 'We could not change your password. Please try again.'));
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate>
                <Stack spacing={2}>
                  {failure && (
                    <Alert severity="error">
                      {failure}{' '}
                      <Link component={RouterLink} to="/forgot-password">
                        Ask for a new link
                      </Link>
                    </Alert>
                  )}
                  <FormikTextField
                    name="password"
                    label="New password"
                    type="password"
                    autoComplete="new-password"
                    autoFocus
                  />
                  <FormikTextField
                    name="confirmPassword"
                    label="Confirm new password"
                    type="password"
                    autoComplete="new-password"
                  />
                  <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                    {isSubmitting ? 'Saving...' : 'Set new password'}
                  </Button>
                </Stack>
              </Form>
            )}
          </Formik>
        )}
      </Stack>
      {signingIn && (
        <Suspense fallback={null}>
          <AuthDialog open tab="login" onTabChange={() => undefined} onClose={() => void navigate('/')} />
        </Suspense>
      )}
    </LinkPage>
  );
}
