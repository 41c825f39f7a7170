import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { Box, Button, Card, CardContent, Chip, Collapse, Link, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { personName } from '../../lib/person-name';
import { formatDollars } from '../../lib/money';
import { formatDateTime, formatRelativeTime } from '../../lib/time';
import { signedMoney } from './circle-rules';
import type { FeedBet, FeedItem } from './circles-api';
import { CommentsSection } from './CommentsSection';
import { ReactionBar } from './ReactionBar';

const KIND_TEXT: Record<FeedItem['kind'], string> = {
  challenged: 'New challenge',
  accepted: 'Bet accepted',
  locked: 'Pot started',
  settled: 'Bet settled',
  decided: 'Dispute decided',
  void: 'Pot called off',
  season_ended: 'Season ended',
};

const RESULT_TEXT = { won: 'won', lost: 'lost', draw: 'drew' } as const;

/** "Pending", "Completed": the bet's status as a word. */
export function statusWord(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

function BetSummary({ bet, viewerId }: { bet: FeedBet; viewerId: string }) {
  const playing = bet.players.some((player) => player.person.id === viewerId);
  const names = bet.players.map((player) => personName(player.person)).join(' vs ');
  const decided = bet.players.some((player) => player.result !== null);
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {playing ? (
          <Link component={RouterLink} to={`/bets/${bet.id}`}>
            {bet.title}
          </Link>
        ) : (
          bet.title
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {names}
        {bet.amount !== null ? ` · ${formatDollars(bet.amount)} each` : ''}
      </Typography>
      {decided && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {bet.players.map((player) => (
            <Typography
              component="li"
              variant="body2"
              key={player.person.id}
              sx={{ overflowWrap: 'anywhere' }}
            >
              {personName(player.person)} {player.result ? RESULT_TEXT[player.result] : 'has no result yet'}
              {player.result && player.net !== null ? ` (${signedMoney(player.net)})` : ''}
            </Typography>
          ))}
        </Box>
      )}
      <Box>
        <Chip size="small" variant="outlined" label={statusWord(bet.status)} />
      </Box>
    </Stack>
  );
}

function SeasonSummary({ season }: { season: NonNullable<FeedItem['season']> }) {
  const top = season.standings.slice(0, 3);
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        Season {season.number} is over
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <EmojiEventsIcon sx={{ color: '#b26a00' }} aria-hidden />
        <Typography variant="body2">
          {season.winner ? `${personName(season.winner)} wins the trophy` : 'No winner: nobody settled a bet'}
        </Typography>
      </Stack>
      {top.length > 0 && (
        <Box component="ol" sx={{ pl: 3, m: 0 }} aria-label={`Final table of season ${season.number}`}>
          {top.map((standing) => (
            <Typography
              component="li"
              variant="body2"
              key={standing.person.id}
              sx={{ overflowWrap: 'anywhere' }}
            >
              {personName(standing.person)} {signedMoney(standing.net)}
            </Typography>
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** One item of a circle's feed: what happened, its reactions, and its comments on demand. */
export function FeedItemCard({
  item,
  viewerId,
  isMember,
  isAdmin,
}: {
  item: FeedItem;
  viewerId: string;
  isMember: boolean;
  isAdmin: boolean;
}) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const commentsId = useId();
  return (
    <Card component="article" aria-labelledby={headingId} data-testid="feed-item">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack spacing={1.5}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
            <Typography id={headingId} variant="overline" component="h2" sx={{ lineHeight: 1.5 }}>
              {KIND_TEXT[item.kind]}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              component="time"
              dateTime={item.createdAt}
              title={formatDateTime(item.createdAt)}
            >
              {formatRelativeTime(item.createdAt)}
            </Typography>
          </Stack>
          {item.bet && <BetSummary bet={item.bet} viewerId={viewerId} />}
          {item.season && <SeasonSummary season={item.season} />}
          <ReactionBar item={item} canReact={isMember} />
          <Box>
            <Button
              size="small"
              startIcon={<ChatBubbleOutlineIcon />}
              aria-expanded={open}
              aria-controls={open ? commentsId : undefined}
              onClick={() => setOpen((value) => !value)}
              sx={{ minHeight: 44 }}
            >
              {item.commentCount === 1 ? '1 comment' : `${item.commentCount} comments`}
            </Button>
          </Box>
          <Collapse in={open} unmountOnExit>
            <div id={commentsId}>
              <CommentsSection itemId={item.id} canComment={isMember} isAdmin={isAdmin} />
            </div>
          </Collapse>
        </Stack>
      </CardContent>
    </Card>
  );
}
