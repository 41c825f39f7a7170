import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import {
  Box,
  Card,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { personName } from '../../lib/person-name';
import { formatDate } from '../../lib/time';
import { record, RELIABILITY_TEXT, signedMoney, streakBadge, streakText } from './circle-rules';
import { MemberAvatar } from './CircleAvatar';
import { type Season, type Standing } from './circles-api';
import { useCirclesControllerLeaderboardQuery } from '../../api/enhanced-api';

function seasonLabel(season: Season, current: boolean): string {
  const dates = `${formatDate(season.startsAt)} – ${formatDate(season.endedAt ?? season.endsAt)}`;
  return `Season ${season.number}${current ? ' (now)' : ''}: ${dates}`;
}

function StandingRow({ standing, winner }: { standing: Standing; winner: boolean }) {
  const name = personName(standing.person);
  const details = [
    `Record ${record(standing)}`,
    standing.winRate === null ? 'No decided bets' : `${standing.winRate}% won`,
    streakText(standing.streak),
    RELIABILITY_TEXT[standing.reliability],
  ];
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', py: 1.25, borderBottom: 1, borderColor: 'divider' }}
      data-testid="standing"
    >
      <Typography
        sx={{ width: 28, textAlign: 'right', fontWeight: 700, flexShrink: 0 }}
        aria-label={`Rank ${standing.rank}`}
      >
        {standing.rank}
      </Typography>
      <MemberAvatar person={standing.person} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
          {winner && (
            <EmojiEventsIcon
              titleAccess="Season winner"
              sx={{ color: '#b26a00', fontSize: 18, ml: 0.5, verticalAlign: 'text-bottom' }}
            />
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {details.join(' · ')}
        </Typography>
        {(standing.lateReports > 0 || standing.disputesLost > 0) && (
          <Typography variant="caption" color="text.secondary">
            {standing.lateReports} late report{standing.lateReports === 1 ? '' : 's'}, {standing.disputesLost}{' '}
            dispute
            {standing.disputesLost === 1 ? '' : 's'} lost
          </Typography>
        )}
      </Box>
      <Stack sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{signedMoney(standing.net)}</Typography>
        <Typography variant="caption" color="text.secondary" aria-hidden>
          {streakBadge(standing.streak)}
        </Typography>
      </Stack>
    </Stack>
  );
}

/**
 * The season's table: members by net winnings in the season's settled circle bets (ties as the server
 * breaks them), with record, win rate, streak and reliability; past seasons are chosen above it.
 */
export function LeaderboardTab({ circleId }: { circleId: string }) {
  const [season, setSeason] = useState<number | undefined>(undefined);
  const board = useCirclesControllerLeaderboardQuery({ id: circleId, season });
  const seasons = board.data?.seasons ?? [];
  const currentNumber = seasons[0]?.number;
  const shown = board.data?.season;
  return (
    <Stack spacing={2}>
      {seasons.length > 1 && (
        <FormControl size="small" fullWidth>
          <InputLabel id="season-label">Season</InputLabel>
          <Select
            labelId="season-label"
            label="Season"
            value={shown?.number ?? ''}
            onChange={(event) => setSeason(Number(event.target.value))}
          >
            {seasons.map((item) => (
              <MenuItem key={item.number} value={item.number} sx={{ minHeight: 44 }}>
                {seasonLabel(item, item.number === currentNumber)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      {board.isLoading ? (
        <Skeleton variant="rounded" height={160} />
      ) : board.isError || !board.data || !shown ? (
        <Typography color="error">Failed to load the table.</Typography>
      ) : (
        <Card sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            Season {shown.number}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {shown.endedAt
              ? `Ended ${formatDate(shown.endedAt)}`
              : `${formatDate(shown.startsAt)} – ends ${formatDate(shown.endsAt)}`}
          </Typography>
          {board.data.standings.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              No settled bets in this season yet. Post a bet in the circle: once it is settled, its players
              appear here.
            </Typography>
          ) : (
            <Box
              component="ol"
              aria-label={`Table of season ${shown.number}`}
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {board.data.standings.map((standing) => (
                <StandingRow
                  key={standing.person.id}
                  standing={standing}
                  winner={shown.winnerId === standing.person.id}
                />
              ))}
            </Box>
          )}
        </Card>
      )}
    </Stack>
  );
}
