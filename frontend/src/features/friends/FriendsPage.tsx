import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  InputAdornment,
  LinearProgress,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadMore, pagedList } from '../../components/LoadMore';
import { useToast } from '../../components/toast/use-toast';
import { formatMoney, formatSignedMoney } from '../../lib/money';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useUnauthorizedRedirect } from '../../session/use-unauthorized';
import {
  FRIEND_REQUESTS_POLL_MS,
  useAcceptFriendRequestMutation,
  useDeclineFriendRequestMutation,
  useFriendRequestsQuery,
  useFriendsInfiniteQuery,
  useHeadToHeadQuery,
  useSearchSuggestionsQuery,
  useSearchUsersQuery,
  type Friend,
  type FriendList,
  type HeadToHead,
} from './friends-api';
import { InviteCard } from './InviteCard';
import { PeopleYouMayKnow } from './PeopleYouMayKnow';
import { nameOf, PersonAvatar, PersonRow } from './PersonRow';

/** Searches wait for this pause in typing, so one word is one request. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Fewer characters than this give a hint, not a search. */
export const SEARCH_MIN_LENGTH = 2;

/** Your record against one friend: won/lost/draw, net, streak and biggest win. */
function HeadToHeadLine({
  record,
  isLoading,
  friendId,
}: {
  record?: HeadToHead;
  isLoading: boolean;
  friendId: string;
}) {
  if (isLoading) return <Skeleton width="80%" />;
  if (!record || record.totalBets === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No bets together yet
      </Typography>
    );
  }
  const data = record;
  const net = Number(data.netProfit);
  const streak =
    data.currentStreak.kind === 'none'
      ? '—'
      : `${data.currentStreak.kind === 'won' ? 'W' : 'L'}${data.currentStreak.count}`;
  return (
    <Box data-testid={`head-to-head-${friendId}`}>
      <Typography variant="body2">
        You {data.won}–{data.lost}
        {data.draws > 0 ? ` (${data.draws} draw${data.draws === 1 ? '' : 's'})` : ''} · Net{' '}
        <Box component="strong" sx={{ color: net >= 0 ? 'success.main' : 'error.main' }}>
          {formatSignedMoney(data.netProfit)}
        </Box>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Streak {streak} · Biggest win {data.biggestWin ? `$${formatMoney(data.biggestWin)}` : '—'}
      </Typography>
    </Box>
  );
}

/**
 * One friend: who, your record together, and Challenge to Bet (docs/product.md §2). "Rematch" is offered only once the
 * two of you have finished a bet (the head-to-head record counts completed bets): a rematch of nothing was
 * misleading (issue #15).
 */
function FriendCard({ friend }: { friend: Friend }) {
  const navigate = useNavigate();
  const { data: record, isLoading } = useHeadToHeadQuery(friend.id);
  const challenge = () => void navigate(`/?challenger=${friend.id}`);
  const playedBefore = (record?.totalBets ?? 0) > 0;
  return (
    <Card data-testid={`friend-${friend.id}`}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <PersonAvatar person={friend} />
          <Box sx={{ minWidth: 0 }}>
            <Typography noWrap sx={{ fontWeight: 700 }}>
              {nameOf(friend)}
            </Typography>
            {friend.username && (
              <Typography variant="body2" color="text.secondary" noWrap>
                @{friend.username}
              </Typography>
            )}
          </Box>
        </Stack>
      </CardContent>
      <CardContent sx={{ pt: 0 }}>
        <HeadToHeadLine record={record} isLoading={isLoading} friendId={friend.id} />
      </CardContent>
      <CardActions>
        <Button variant="contained" fullWidth onClick={challenge}>
          Challenge to Bet
        </Button>
        {playedBefore && (
          <Button variant="outlined" onClick={challenge} aria-label={`Rematch ${nameOf(friend)}`}>
            Rematch
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/** docs/product.md §2 /friends (Friends & Network). */
export default function FriendsPage() {
  const [query, setQuery] = useState('');
  const typed = query.trim();
  const term = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const searching = term.length >= SEARCH_MIN_LENGTH;
  const search = useSearchUsersQuery(term, { skip: !searching });
  // currentData is the answer for this very term: a slower answer to an older one is never shown.
  const results = searching ? search.currentData : undefined;
  const settled = searching && typed === term && !search.isFetching && !search.isError;
  const noResults = settled && (results?.length ?? 0) === 0;
  const suggestions = useSearchSuggestionsQuery(term, { skip: !noResults });
  const friends = useFriendsInfiniteQuery();
  const { items: friendList, loadMore } = pagedList<Friend, FriendList>(friends);
  const requests = useFriendRequestsQuery(undefined, { pollingInterval: FRIEND_REQUESTS_POLL_MS });
  const [accept] = useAcceptFriendRequestMutation();
  const [decline] = useDeclineFriendRequestMutation();
  const toast = useToast();
  useUnauthorizedRedirect(friends.error, requests.error);

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Friends &amp; Network
      </Typography>

      <Card>
        <CardHeader title="Find Friends" />
        <CardContent>
          <TextField
            fullWidth
            label="Name, username, email or phone"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
              htmlInput: { enterKeyHint: 'search' },
              formHelperText: { 'aria-live': 'polite' } as object,
            }}
            helperText={
              typed.length > 0 && typed.length < SEARCH_MIN_LENGTH
                ? `Type at least ${SEARCH_MIN_LENGTH} characters to search.`
                : 'Usernames match anywhere; an email or phone number must be complete.'
            }
          />
          {typed.length >= SEARCH_MIN_LENGTH && (typed !== term || search.isFetching) && (
            <LinearProgress aria-label="Searching" sx={{ mt: 1 }} />
          )}
          {search.isError && searching && (
            <Typography color="error" sx={{ mt: 1 }}>
              Failed to search users
            </Typography>
          )}
          <Box data-testid="search-results">
            {(results ?? []).map((person) => (
              <PersonRow key={person.id} person={person} />
            ))}
          </Box>
          {noResults && (
            <Box sx={{ mt: 1 }}>
              <Typography color="text.secondary">No users found matching your search.</Typography>
              {(suggestions.currentData?.length ?? 0) > 0 && (
                <>
                  <Typography variant="subtitle2" sx={{ mt: 2 }}>
                    Suggestions
                  </Typography>
                  {(suggestions.currentData ?? []).map((person) => (
                    <PersonRow key={person.id} person={person} />
                  ))}
                </>
              )}
            </Box>
          )}
        </CardContent>
      </Card>

      {(requests.data?.length ?? 0) > 0 && (
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
                      .catch(() =>
                        toast({ title: 'Failed to accept friend request.', variant: 'destructive' }),
                      )
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
                      .catch(() =>
                        toast({ title: 'Failed to decline friend request.', variant: 'destructive' }),
                      )
                  }
                >
                  Decline
                </Button>
              </Stack>
            ))}
          </CardContent>
        </Card>
      )}

      <Box component="section" aria-labelledby="friends-heading">
        <Typography id="friends-heading" variant="h6" component="h2" gutterBottom>
          Your Friends ({friends.data?.pages[0]?.total ?? 0})
        </Typography>
        {friends.isLoading ? (
          <Skeleton variant="rounded" height={120} />
        ) : friendList.length === 0 ? (
          <Card sx={{ p: 3, textAlign: 'center', borderStyle: 'dashed' }}>
            <Typography color="text.secondary">
              No friends yet. Search above, or share your invite link below.
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
      <InviteCard />
    </Stack>
  );
}
