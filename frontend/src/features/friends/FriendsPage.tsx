import SearchIcon from '@mui/icons-material/Search';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  Chip,
  InputAdornment,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/toast/use-toast';
import { formatMoney, formatSignedMoney } from '../../lib/money';
import { useUnauthorizedRedirect } from '../auth/use-unauthorized';
import {
  FRIEND_REQUESTS_POLL_MS,
  useAcceptFriendRequestMutation,
  useDeclineFriendRequestMutation,
  useFriendRequestsQuery,
  useFriendsQuery,
  useHeadToHeadQuery,
  useSearchSuggestionsQuery,
  useSearchUsersQuery,
  useSendFriendRequestMutation,
  type Person,
} from './friends-api';

function nameOf(person: Person): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || person.username || 'Unknown';
}

function PersonAvatar({ person }: { person: Person }) {
  return (
    <Avatar src={person.profileImageUrl ?? undefined} sx={{ bgcolor: 'primary.light' }}>
      {nameOf(person).slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

function SearchResult({ person }: { person: Person }) {
  const [send, { isLoading }] = useSendFriendRequestMutation();
  const toast = useToast();
  const add = async () => {
    try {
      await send(person.id).unwrap();
      toast({ title: 'Friend request sent!', variant: 'success' });
    } catch {
      toast({ title: 'Failed to send friend request.', variant: 'destructive' });
    }
  };
  const status = person.friendshipStatus ?? 'none';
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 1 }}>
      <PersonAvatar person={person} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography noWrap sx={{ fontWeight: 600 }}>
          {nameOf(person)}
        </Typography>
        {person.username && (
          <Typography variant="body2" color="text.secondary" noWrap>
            @{person.username}
          </Typography>
        )}
      </Box>
      {status === 'friends' && <Chip label="Friends" color="success" size="small" />}
      {status === 'request_sent' && <Chip label="Pending" size="small" />}
      {status === 'request_received' && <Chip label="Request Received" color="info" size="small" />}
      {status === 'none' && (
        <Button size="small" variant="contained" disabled={isLoading} onClick={() => void add()}>
          Add Friend
        </Button>
      )}
    </Stack>
  );
}

/** Your record against one friend: won/lost/draw, net, streak and biggest win. */
function HeadToHeadLine({ friendId }: { friendId: string }) {
  const { data, isLoading } = useHeadToHeadQuery(friendId);
  if (isLoading) return <Skeleton width="80%" />;
  if (!data || data.totalBets === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No bets together yet
      </Typography>
    );
  }
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

/** Spec §2 /friends (Friends & Network). */
export default function FriendsPage() {
  const [query, setQuery] = useState('');
  const term = query.trim();
  const search = useSearchUsersQuery(term, { skip: term.length <= 2 });
  const noResults = term.length > 2 && !search.isFetching && (search.data?.length ?? 0) === 0;
  const suggestions = useSearchSuggestionsQuery(term, { skip: !noResults || term.length < 2 });
  const friends = useFriendsQuery();
  const requests = useFriendRequestsQuery(undefined, { pollingInterval: FRIEND_REQUESTS_POLL_MS });
  const [accept] = useAcceptFriendRequestMutation();
  const [decline] = useDeclineFriendRequestMutation();
  const navigate = useNavigate();
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
            label="Search by name or username"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
          />
          {search.isError && (
            <Typography color="error" sx={{ mt: 1 }}>
              Failed to search users
            </Typography>
          )}
          {term.length > 2 && search.isFetching && <Skeleton height={56} />}
          {(search.data ?? []).map((person) => (
            <SearchResult key={person.id} person={person} />
          ))}
          {noResults && !search.isError && (
            <Box sx={{ mt: 1 }}>
              <Typography color="text.secondary">No users found matching your search.</Typography>
              {(suggestions.data?.length ?? 0) > 0 && (
                <>
                  <Typography variant="subtitle2" sx={{ mt: 2 }}>
                    People you may know
                  </Typography>
                  {(suggestions.data ?? []).map((person) => (
                    <SearchResult key={person.id} person={person} />
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
          Your Friends ({friends.data?.length ?? 0})
        </Typography>
        {friends.isLoading ? (
          <Skeleton variant="rounded" height={120} />
        ) : (friends.data?.length ?? 0) === 0 ? (
          <Card sx={{ p: 3, textAlign: 'center', borderStyle: 'dashed' }}>
            <Typography color="text.secondary">
              No friends yet. Search above to find people you know.
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
            {(friends.data ?? []).map((friend) => (
              <Card key={friend.id} data-testid={`friend-${friend.id}`}>
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
                  <HeadToHeadLine friendId={friend.id} />
                </CardContent>
                <CardActions>
                  <Button
                    variant="contained"
                    fullWidth
                    onClick={() => void navigate(`/?challenger=${friend.id}`)}
                  >
                    Challenge to Bet
                  </Button>
                  <Button
                    variant="outlined"
                    onClick={() => void navigate(`/?challenger=${friend.id}`)}
                    aria-label={`Rematch ${nameOf(friend)}`}
                  >
                    Rematch
                  </Button>
                </CardActions>
              </Card>
            ))}
          </Box>
        )}
      </Box>
    </Stack>
  );
}
