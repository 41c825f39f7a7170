import { Button, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LinkPage } from '../../components/LinkPage';
import { PageLoader } from '../../components/PageLoader';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { useToast } from '../../components/toast/use-toast';
import { isApiError, serverMessage } from '../../lib/errors';
import { SignUpChoice } from '../../session/SignUpChoice';
import { useAuth } from '../../session/use-auth';
import { type Invite } from './friends-api';
import { forgetPendingInvite, pendingInvite } from './pending-invite';
import {
  useFriendsControllerListQuery,
  useInvitesControllerAcceptMutation,
  useInvitesControllerLookupQuery,
} from '../../api/enhanced-api';

/** A page of its own for every way a link can fail: never a bare error (docs/product.md, "Invite links"). */
function BrokenLink({ error }: { error: unknown }) {
  const status = isApiError(error) ? error.status : 0;
  const title =
    status === 410
      ? 'This invite link was replaced'
      : status === 404
        ? 'This invite link doesn’t work'
        : 'We couldn’t open this invite link';
  return (
    <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">
        {serverMessage(error, 'Please check your connection and try again.')}
      </Typography>
    </Stack>
  );
}

function SignedOutInvite({ invite }: { invite: Invite }) {
  const name = invite.inviter.displayName;
  return (
    <Stack spacing={3} sx={{ textAlign: 'center', alignItems: 'center' }}>
      <Typography variant="h5" component="h1">
        {name} invited you to Betwixt
      </Typography>
      <Typography color="text.secondary">
        Create an account to become friends with {name} and challenge each other to friendly bets with virtual
        dollars.
      </Typography>
      <SignUpChoice link={{ kind: 'invite', code: invite.code }} signUpLabel="Sign Up" />
    </Stack>
  );
}

function SignedInInvite({ invite, userId }: { invite: Invite; userId: string }) {
  const [accept, { isLoading }] = useInvitesControllerAcceptMutation();
  const friends = useFriendsControllerListQuery({});
  const navigate = useNavigate();
  const toast = useToast();
  const run = useMutationToast();
  const started = useRef(false);
  const { inviter } = invite;
  const own = inviter.id === userId;
  const alreadyFriends = (friends.data?.items ?? []).some((friend) => friend.id === inviter.id);

  const add = async () => {
    forgetPendingInvite();
    const result = await run(() => accept(invite.code).unwrap(), {
      failure: { title: 'Could not add friend', fallback: 'Please try again.' },
    });
    if (!result.ok) return;
    toast({
      title: result.value.alreadyFriends ? 'Already friends' : 'Friend added!',
      description: `You and ${inviter.displayName} are friends.`,
      variant: 'success',
    });
    void navigate('/friends');
  };

  // Signed up or in through this link: the visitor already said yes, so the friendship is made at once.
  useEffect(() => {
    if (started.current || pendingInvite() !== invite.code) return;
    started.current = true;
    if (own) forgetPendingInvite();
    else void add();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when the page first shows
  }, []);

  if (own) {
    return (
      <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          This is your own invite link
        </Typography>
        <Typography color="text.secondary">
          Share it with friends: when they open it, you become friends.
        </Typography>
        <Button component={RouterLink} to="/friends" variant="contained">
          Go to Friends
        </Button>
      </Stack>
    );
  }
  if (alreadyFriends && !isLoading) {
    return (
      <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          You and {inviter.displayName} are already friends
        </Typography>
        <Button component={RouterLink} to={`/?challenger=${inviter.id}`} variant="contained">
          Challenge to Bet
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }}>
      <Typography variant="h5" component="h1">
        {inviter.displayName} invited you
      </Typography>
      {inviter.username && <Typography color="text.secondary">@{inviter.username}</Typography>}
      <Typography color="text.secondary">
        Friends can challenge each other to bets and compare their records.
      </Typography>
      <Button variant="contained" size="large" disabled={isLoading} onClick={() => void add()}>
        {isLoading ? 'Adding…' : `Add ${inviter.displayName} as a friend`}
      </Button>
    </Stack>
  );
}

/** /invite/:code — someone's personal invite link, signed in or out (docs/product.md, "Invite links"). */
export default function InvitePage() {
  const { code = '' } = useParams();
  const { user } = useAuth();
  const invite = useInvitesControllerLookupQuery(code);
  // A link that no longer works must not keep pulling the visitor back here after they sign in.
  useEffect(() => {
    if (invite.error && pendingInvite() === code) forgetPendingInvite();
  }, [invite.error, code]);
  const body = invite.isLoading ? (
    <PageLoader label="Loading invite" />
  ) : invite.error || !invite.data ? (
    <BrokenLink error={invite.error} />
  ) : user ? (
    <SignedInInvite invite={invite.data} userId={user.id} />
  ) : (
    <SignedOutInvite invite={invite.data} />
  );
  return <LinkPage signedIn={Boolean(user)}>{body}</LinkPage>;
}
