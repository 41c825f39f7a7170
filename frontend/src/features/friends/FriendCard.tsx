import { Box, Button, Card, CardActions, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { formatMoney, formatSignedMoney } from '../../lib/money';
import { type Friend, type HeadToHead } from './friends-api';
import { nameOf, PersonAvatar } from './PersonRow';
import { useFriendsControllerRecordQuery } from '../../api/enhanced-api';

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The bets between you still open, in words: "1 active bet · 2 pending challenges", or '' when none. */
function openBetsText(record: HeadToHead): string {
  return [
    record.activeBets > 0 ? counted(record.activeBets, 'active bet', 'active bets') : '',
    record.pendingBets > 0 ? counted(record.pendingBets, 'pending challenge', 'pending challenges') : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

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
  const open = record ? openBetsText(record) : '';
  if (!record || record.totalBets === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        {open ? `${open} · none finished yet` : 'No bets together yet'}
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
      {open && (
        <Typography variant="body2" color="textSecondary">
          {open}
        </Typography>
      )}
    </Box>
  );
}

/**
 * One friend: who, your record together, and Challenge to Bet (docs/product.md §2). "Rematch" is offered only once the
 * two of you have finished a bet (the head-to-head record counts completed bets): a rematch of nothing was
 * misleading. It opens the create flow with the last bet's terms filled in.
 */
export function FriendCard({ friend }: { friend: Friend }) {
  const navigate = useNavigate();
  const { data: record, isLoading } = useFriendsControllerRecordQuery(friend.id);
  const challenge = () => void navigate(`/?challenger=${friend.id}`);
  const rematch = () => void navigate(`/?challenger=${friend.id}&rematch=1`);
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
          <Button variant="outlined" onClick={rematch} aria-label={`Rematch ${nameOf(friend)}`}>
            Rematch
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
