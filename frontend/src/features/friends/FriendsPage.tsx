import { Box, Card, Skeleton, Stack, Typography } from '@mui/material';
import { useLocation } from 'react-router';
import { LoadMore, pagedList } from '../../components/LoadMore';
import { useUnauthorizedRedirect } from '../../session/use-unauthorized';
import { FindFriendsCard } from './FindFriendsCard';
import { FriendCard } from './FriendCard';
import { FriendRequestsCard } from './FriendRequestsCard';
import { FRIEND_REQUESTS_POLL_MS, type Friend, type FriendList } from './friends-api';
import { InviteCard } from './InviteCard';
import { PeopleYouMayKnow } from './PeopleYouMayKnow';
import {
  useFriendsControllerListPagesInfiniteQuery,
  useFriendsControllerRequestsQuery,
} from '../../api/enhanced-api';

/** Where "Invite a friend" (the dashboard's first run) lands: the invite link comes first. */
export const INVITE_HASH = '#invite';

/** docs/product.md §2 /friends (Friends & Network). */
export default function FriendsPage() {
  const inviteFirst = useLocation().hash === INVITE_HASH;
  const friends = useFriendsControllerListPagesInfiniteQuery();
  const { items: friendList, loadMore } = pagedList<Friend, FriendList>(friends);
  // The same subscription as the requests card's (one request); here only to notice a lapsed session.
  const requests = useFriendsControllerRequestsQuery(undefined, { pollingInterval: FRIEND_REQUESTS_POLL_MS });
  useUnauthorizedRedirect(friends.error, requests.error);

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Friends &amp; Network
      </Typography>

      {inviteFirst && <InviteCard />}
      <FindFriendsCard />

      <FriendRequestsCard />

      <Box component="section" aria-labelledby="friends-heading">
        <Typography id="friends-heading" variant="h6" component="h2" gutterBottom>
          Your Friends ({friends.data?.pages[0]?.total ?? 0})
        </Typography>
        {friends.isLoading ? (
          <Skeleton variant="rounded" height={120} />
        ) : friendList.length === 0 ? (
          <Card sx={{ p: 3, textAlign: 'center', borderStyle: 'dashed' }}>
            <Typography color="text.secondary">
              No friends yet. Search above, or share your invite link {inviteFirst ? 'above' : 'below'}.
            </Typography>
          </Card>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
              gap: 2,
            }}
          >
            {friendList.map((friend) => (
              <FriendCard key={friend.id} friend={friend} />
            ))}
          </Box>
        )}
        <LoadMore {...loadMore} label="Load more friends" endText="No more friends" />
      </Box>

      <PeopleYouMayKnow />
      {!inviteFirst && <InviteCard />}
    </Stack>
  );
}
