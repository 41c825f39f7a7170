import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router';
import { LinkPage } from '../../components/LinkPage';
import { PageLoader } from '../../components/PageLoader';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { serverMessage } from '../../lib/errors';
import { useCircleLinkQuery, useJoinCircleMutation } from './circles-api';

/** /circles/join/:code — a circle's invite link: which circle, how many are in it, and Join. */
export default function JoinCirclePage() {
  const { code = '' } = useParams();
  const link = useCircleLinkQuery(code);
  const [join, { isLoading }] = useJoinCircleMutation();
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
    const done = await run(() => join({ id: circle.id, code }).unwrap(), {
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
          {circle.memberCount} member{circle.memberCount === 1 ? '' : 's'} share their bets, comments and a season
          table here.
        </Typography>
        <Button variant="contained" size="large" disabled={isLoading} onClick={() => void doJoin()}>
          {isLoading ? 'Joining…' : 'Join circle'}
        </Button>
      </Stack>
    </LinkPage>
  );
}
