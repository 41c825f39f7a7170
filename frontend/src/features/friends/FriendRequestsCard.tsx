import { Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { useToast } from '../../components/toast/use-toast';
import { FRIEND_REQUESTS_POLL_MS } from './friends-api';
import { nameOf, PersonAvatar } from './PersonRow';
import {
  useFriendsControllerAcceptMutation,
  useFriendsControllerDeclineMutation,
  useFriendsControllerRequestsQuery,
} from '../../api/enhanced-api';

/** Incoming friend requests, each with Accept and Decline; nothing at all while there are none. */
export function FriendRequestsCard() {
  const requests = useFriendsControllerRequestsQuery(undefined, { pollingInterval: FRIEND_REQUESTS_POLL_MS });
  const [accept] = useFriendsControllerAcceptMutation();
  const [decline] = useFriendsControllerDeclineMutation();
  const toast = useToast();
  if ((requests.data?.length ?? 0) === 0) return null;
  return (
    <Card>
      <CardHeader title="Friend Requests" />
      <CardContent>
        {(requests.data ?? []).map((request) => (
          <Stack
            key={request.id}
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center', py: 1, flexWrap: 'wrap' }}
          >
            <PersonAvatar person={request.requester} />
            <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>{nameOf(request.requester)}</Typography>
            <Button
              size="small"
              variant="contained"
              onClick={() =>
                void accept(request.id)
                  .unwrap()
                  .then(() => toast({ title: 'Friend request accepted!', variant: 'success' }))
                  .catch(() => toast({ title: 'Failed to accept friend request.', variant: 'destructive' }))
              }
            >
              Accept
            </Button>
            <Button
              size="small"
              onClick={() =>
                void decline(request.id)
                  .unwrap()
                  .then(() => toast({ title: 'Friend request declined' }))
                  .catch(() => toast({ title: 'Failed to decline friend request.', variant: 'destructive' }))
              }
            >
              Decline
            </Button>
          </Stack>
        ))}
      </CardContent>
    </Card>
  );
}
