import { Alert, Button, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LinkPage } from '../../components/LinkPage';
import { PageLoader } from '../../components/PageLoader';
import { serverMessage } from '../../lib/errors';
import { useAuth } from '../../session/use-auth';
import { useAuthControllerVerifyEmailMutation } from '../../api/enhanced-api';

/** Where a mailed confirmation link lands: confirms the address at once and says so. */
export default function VerifyEmailPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const [verify, result] = useAuthControllerVerifyEmailMutation();
  const sent = useRef(false);
  useEffect(() => {
    // Once, also under StrictMode's double effect: a second try would find the link used.
    if (sent.current) return;
    sent.current = true;
    void verify({ token: params.get('token') ?? '' });
  }, [params, verify]);

  return (
    <LinkPage signedIn={user !== null}>
      <Stack spacing={3} sx={{ width: '100%', maxWidth: 400, alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="h5" component="h1">
          Confirm your email address
        </Typography>
        {result.isSuccess && <Alert severity="success">{result.data.message}</Alert>}
        {result.isError && (
          <Alert severity="error">
            {serverMessage(result.error, 'We could not confirm your address. Please try again.')}
          </Alert>
        )}
        {(result.isLoading || result.isUninitialized) && <PageLoader />}
        <Button component={RouterLink} to="/" variant="contained">
          Go to Betwixt
        </Button>
      </Stack>
    </LinkPage>
  );
}
