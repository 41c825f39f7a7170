import { Button, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router';
import { LinkPage } from '../../components/LinkPage';
import { PageLoader } from '../../components/PageLoader';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { serverMessage } from '../../lib/errors';
import { forgetPendingLink } from '../../lib/pending-link';
import { SignUpChoice } from '../../session/SignUpChoice';
import { useAuth } from '../../session/use-auth';
import { useCirclesControllerJoinMutation, useCirclesControllerLinkQuery } from '../../api/enhanced-api';

/**
 * Signed out: the circle is named only to people signed in, so the page asks them to sign up or sign in
 * first; the link is remembered and they come back here (lib/pending-link).
 */
function SignedOutJoin({ code }: { code: string }) {
  return (
    <LinkPage signedIn={false}>
      <Stack spacing={3} sx={{ textAlign: 'center', alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          You’re invited to a circle on Betwixt
        </Typography>
        <Typography color="text.secondary">
          Friends in a circle share their bets, banter on each one and play for the season’s trophy. Sign up
          or sign in to see the circle and join it.
        </Typography>
        <SignUpChoice link={{ kind: 'circle', code }} signUpLabel="Sign Up" />
      </Stack>
    </LinkPage>
  );
}

/** /circles/join/:code — a circle's invite link: which circle, how many are in it, and Join. */
export default function JoinCirclePage() {
  const { code = '' } = useParams();
  const { user } = useAuth();
  if (!user) return <SignedOutJoin code={code} />;
  return <SignedInJoin code={code} />;
}

function SignedInJoin({ code }: { code: string }) {
  // Signed in, the link has brought them back: it must not pull them here again.
  useEffect(() => forgetPendingLink('circle'), []);
  const link = useCirclesControllerLinkQuery(code);
  const [join, { isLoading }] = useCirclesControllerJoinMutation();
  const run = useMutationToast();
  const navigate = useNavigate();

  if (link.isLoading) return <PageLoader label="Loading circle link" />;
  if (link.error || !link.data) {
    return (
      <LinkPage signedIn>
        <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }}>
          <Typography variant="h5" component="h1">
            This circle link doesn’t work
          </Typography>
          <Typography color="text.secondary">
            {serverMessage(link.error, 'Please check your connection and try again.')}
          </Typography>
          <Button component={RouterLink} to="/friends" variant="contained">
            Go to Friends
          </Button>
        </Stack>
      </LinkPage>
    );
  }
  const circle = link.data;
  if (circle.member) return <Navigate to={`/circles/${circle.id}`} replace />;
  const doJoin = async () => {
    const done = await run(() => join({ id: circle.id, joinCircleDto: { code } }).unwrap(), {
      success: { title: `You joined ${circle.name}` },
      failure: { title: 'Could not join the circle', fallback: 'Please try again.' },
    });
    if (done.ok) void navigate(`/circles/${circle.id}`);
  };
  return (
    <LinkPage signedIn>
      <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          Join {circle.name}
        </Typography>
        <Typography color="text.secondary">
          {circle.memberCount} member{circle.memberCount === 1 ? '' : 's'} share their bets, comments and a
          season table here.
        </Typography>
        <Button variant="contained" size="large" disabled={isLoading} onClick={() => void doJoin()}>
          {isLoading ? 'Joining…' : 'Join circle'}
        </Button>
      </Stack>
    </LinkPage>
  );
}
