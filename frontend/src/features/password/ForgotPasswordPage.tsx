import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import * as Yup from 'yup';
import { FormikTextField } from '../../components/form/FormikTextField';
import { showServerFieldErrors } from '../../components/form/server-field-errors';
import { LinkPage } from '../../components/LinkPage';
import { PageLoader } from '../../components/PageLoader';
import { serverMessage } from '../../lib/errors';
import { useAuth } from '../../session/use-auth';
import {
  useAuthControllerOptionsQuery,
  useAuthControllerRequestPasswordResetMutation,
} from '../../api/enhanced-api';

export const EMAIL_NOT_SET_UP =
  'Email is not set up on this server, so Betwixt cannot send you a link. Ask whoever runs this server for help.';

const schema = Yup.object({
  email: Yup.string().trim().required('Email is required').email('Invalid email address'),
});

/** "Forgot password?": asks for the address and mails a link to set a new password (docs/product.md). */
export default function ForgotPasswordPage() {
  const { user } = useAuth();
  const options = useAuthControllerOptionsQuery();
  const [request] = useAuthControllerRequestPasswordResetMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  let body;
  if (options.isLoading) body = <PageLoader />;
  else if (options.data && !options.data.emailEnabled) {
    body = <Alert severity="info">{EMAIL_NOT_SET_UP}</Alert>;
  } else if (sent) {
    body = (
      <Stack spacing={2}>
        <Alert severity="success">{sent}</Alert>
        <Typography color="text.secondary">
          The link works once, for 30 minutes. Nothing there? Check your spam folder, or ask again.
        </Typography>
      </Stack>
    );
  } else {
    body = (
      <Formik
        initialValues={{ email: '' }}
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          setFailure(null);
          try {
            const answer = await request({ email: values.email.trim() }).unwrap();
            setSent(answer.message);
          } catch (error) {
            showServerFieldErrors(error, values, helpers);
            setFailure(serverMessage(error, 'We could not send the link. Please try again.'));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack spacing={2}>
              <Typography color="text.secondary">
                Enter the email address of your account and we will send you a link to choose a new password.
              </Typography>
              {failure && <Alert severity="error">{failure}</Alert>}
              <FormikTextField name="email" label="Email" type="email" autoComplete="email" autoFocus />
              <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                {isSubmitting ? 'Sending...' : 'Send reset link'}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    );
  }
  return (
    <LinkPage signedIn={user !== null}>
      <Stack spacing={3} sx={{ width: '100%', maxWidth: 400 }}>
        <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>
          Forgot your password?
        </Typography>
        {body}
        <Link component={RouterLink} to="/" sx={{ textAlign: 'center' }}>
          Back to Betwixt
        </Link>
      </Stack>
    </LinkPage>
  );
}
