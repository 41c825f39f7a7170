import { Alert, Box, Button, Card, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '../../session/use-auth';
import { useUnauthorizedRedirect } from '../../session/use-unauthorized';
import { openBetAcceptance } from './bet-dialog-events';
import { BetCard } from './BetCard';
import { HISTORY_PAGE, useHistoryQuery } from './bets-api';
import { displayName, type Bet, type BetParty, type BetStatus, type HistoryFilter } from './types';
import { useBetDialogs } from './use-bet-dialogs';

const STATUSES: { value: BetStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'active', label: 'Active' },
  { value: 'disputed', label: 'Disputed' },
  { value: 'completed', label: 'Completed' },
  { value: 'declined', label: 'Declined' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'expired', label: 'Expired' },
];

interface PageReport {
  lastId: number | null;
  full: boolean;
  bets: Bet[];
}

/** One page of the history (older than `before`); tells the list where the next page starts. */
function HistoryChunk({
  filter,
  before,
  viewerId,
  onLoaded,
  onSubmitOutcome,
}: {
  filter: HistoryFilter;
  before: number | undefined;
  viewerId: string;
  onLoaded: (before: number | undefined, report: PageReport) => void;
  onSubmitOutcome: (bet: Bet) => void;
}) {
  const query = useHistoryQuery({ ...filter, before });
  useUnauthorizedRedirect(query.error);
  const { data } = query;
  useEffect(() => {
    if (data)
      onLoaded(before, { lastId: data.at(-1)?.id ?? null, full: data.length === HISTORY_PAGE, bets: data });
  }, [data, before, onLoaded]);
  if (query.isLoading) {
    return (
      <Stack spacing={1.5} role="status" aria-label="Loading bets">
        <Skeleton variant="rounded" height={110} />
        <Skeleton variant="rounded" height={110} />
      </Stack>
    );
  }
  if (query.isError) return <Alert severity="error">Could not load your bets. Try again in a moment.</Alert>;
  return (
    <>
      {(data ?? []).map((bet) => (
        <BetCard
          key={bet.id}
          bet={bet}
          viewerId={viewerId}
          onAccept={openBetAcceptance}
          onSubmitOutcome={onSubmitOutcome}
        />
      ))}
    </>
  );
}

/** `/bets`: every bet the user took part in, newest first, by status and by opponent, a page at a time. */
export default function HistoryPage() {
  const { user } = useAuth();
  const [status, setStatus] = useState<BetStatus | ''>('');
  const [opponentId, setOpponentId] = useState('');
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const [reports, setReports] = useState<Map<number | undefined, PageReport>>(new Map());
  const { dialogs, openOutcome } = useBetDialogs(user?.id ?? '');
  const onLoaded = useCallback((before: number | undefined, report: PageReport) => {
    setReports((current) => new Map(current).set(before, report));
  }, []);

  if (!user) return null;
  const filter: HistoryFilter = { status: status || undefined, opponentId: opponentId || undefined };
  const restart = () => {
    setCursors([undefined]);
    setReports(new Map());
  };
  const last = reports.get(cursors.at(-1));
  const empty = cursors.length === 1 && last !== undefined && last.bets.length === 0;
  // The people met in the loaded pages, to filter by; the current choice stays listed.
  const opponents = new Map<string, BetParty>();
  for (const report of reports.values()) {
    for (const bet of report.bets) {
      const other = bet.creatorId === user.id ? bet.opponent : bet.creator;
      if (other) opponents.set(other.id, other);
    }
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Bet History
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          select
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as BetStatus | '');
            restart();
          }}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          {STATUSES.map((option) => (
            <MenuItem key={option.label} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Opponent"
          value={opponentId}
          onChange={(event) => {
            setOpponentId(event.target.value);
            restart();
          }}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Everyone</MenuItem>
          {[...opponents.values()].map((person) => (
            <MenuItem key={person.id} value={person.id}>
              {displayName(person)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack spacing={1.5} aria-live="polite">
        {cursors.map((before) => (
          <HistoryChunk
            key={`${status}-${opponentId}-${before ?? 'first'}`}
            filter={filter}
            before={before}
            viewerId={user.id}
            onLoaded={onLoaded}
            onSubmitOutcome={openOutcome}
          />
        ))}
      </Stack>
      {empty && (
        <Card sx={{ textAlign: 'center', py: 3, px: 2, borderStyle: 'dashed' }}>
          <Typography variant="h6" component="p">
            No bets here yet
          </Typography>
          <Typography color="text.secondary">
            {status || opponentId
              ? 'Nothing matches these filters.'
              : 'Your bets will be listed here once you make one.'}
          </Typography>
        </Card>
      )}
      {last?.full && last.lastId !== null && (
        <Box sx={{ textAlign: 'center' }}>
          <Button
            variant="outlined"
            onClick={() => setCursors((current) => [...current, last.lastId ?? undefined])}
          >
            Load more
          </Button>
        </Box>
      )}
      {dialogs}
    </Stack>
  );
}
