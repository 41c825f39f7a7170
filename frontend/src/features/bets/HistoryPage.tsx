import { Alert, Button, Card, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { LoadMore, pagedList } from '../../components/LoadMore';
import { useAuth } from '../../session/use-auth';
import { useUnauthorizedRedirect } from '../../session/use-unauthorized';
import { openBetAcceptance } from './bet-dialog-events';
import { BetCard } from './BetCard';
import { personLabel, personName } from '../../lib/person-name';
import type { Bet, BetStatus, HistoryFilter } from './types';
import { useBetDialogs } from './use-bet-dialogs';
import {
  useBetsControllerHistoryPagesInfiniteQuery,
  useBetsControllerOpponentsQuery,
} from '../../api/enhanced-api';

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

type BetKind = NonNullable<HistoryFilter['kind']>;

const KINDS: { value: BetKind | ''; label: string }[] = [
  { value: '', label: 'All bets' },
  { value: 'duel', label: 'One-on-one' },
  { value: 'pot', label: 'Group pots' },
];

/** What an empty list means, in the filters' own words: "No cancelled bets with Zoë Park.", "No group pots." */
function emptyText(status: BetStatus | '', opponentName: string | null, betKind: BetKind | '' = ''): string {
  if (!status && !opponentName && !betKind) return 'Your bets will be listed here once you make one.';
  const kind = status ? `${STATUSES.find((option) => option.value === status)?.label.toLowerCase()} ` : '';
  const noun = betKind === 'pot' ? 'group pots' : betKind === 'duel' ? 'one-on-one bets' : 'bets';
  return `No ${kind}${noun}${opponentName ? ` with ${opponentName}` : ''}.`;
}

/** `/bets`: every bet the user took part in, newest first, by status and by opponent, a page at a time. */
export default function HistoryPage() {
  const { user } = useAuth();
  const [status, setStatus] = useState<BetStatus | ''>('');
  const [opponentId, setOpponentId] = useState('');
  const [kind, setKind] = useState<BetKind | ''>('');
  const filter: HistoryFilter = {
    status: status || undefined,
    opponentId: opponentId || undefined,
    kind: kind || undefined,
  };
  const query = useBetsControllerHistoryPagesInfiniteQuery(filter, { skip: !user });
  useUnauthorizedRedirect(query.error);
  // Only the pages of the filters on screen: while another filter's first page loads, show it loading.
  const { items: bets, loadMore } = pagedList<Bet, Bet[]>({
    ...query,
    data: query.currentData,
    hasNextPage: query.currentData !== undefined && query.hasNextPage,
  });
  const { dialogs, openOutcome } = useBetDialogs(user?.id ?? '');
  // Everyone ever met, from the server: the choices must not shrink to the bets the status filter shows.
  const { data: opponents = [] } = useBetsControllerOpponentsQuery(undefined, { skip: !user });

  if (!user) return null;
  const chosen = opponents.find((person) => person.id === opponentId);
  const opponentName = opponentId ? personName(chosen) : null;
  const loading = query.currentData === undefined && !query.isError;
  const empty = query.currentData !== undefined && bets.length === 0;

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
          onChange={(event) => setStatus(event.target.value as BetStatus | '')}
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
          onChange={(event) => setOpponentId(event.target.value)}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Everyone</MenuItem>
          {opponents.map((person) => (
            <MenuItem key={person.id} value={person.id}>
              {personLabel(person)}
            </MenuItem>
          ))}
        </TextField>
        {/* A pot has no opponent: choosing one shows one-on-one bets only (the server's rule). */}
        <TextField
          select
          label="Kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as BetKind | '')}
          sx={{ minWidth: 160 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          {KINDS.map((option) => (
            <MenuItem key={option.label} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack spacing={1.5} aria-live="polite">
        {loading && (
          <Stack spacing={1.5} role="status" aria-label="Loading bets">
            <Skeleton variant="rounded" height={110} />
            <Skeleton variant="rounded" height={110} />
          </Stack>
        )}
        {query.isError && bets.length === 0 && (
          <Alert severity="error">Could not load your bets. Try again in a moment.</Alert>
        )}
        {bets.map((bet) => (
          <BetCard
            key={bet.id}
            bet={bet}
            viewerId={user.id}
            onAccept={openBetAcceptance}
            onSubmitOutcome={openOutcome}
          />
        ))}
      </Stack>
      {empty && (
        <Card sx={{ textAlign: 'center', py: 3, px: 2, borderStyle: 'dashed' }}>
          <Typography variant="h6" component="p">
            No bets here yet
          </Typography>
          <Typography color="textSecondary">{emptyText(status, opponentName, kind)}</Typography>
          {(status || opponentId || kind) && (
            <Button
              onClick={() => {
                setStatus('');
                setOpponentId('');
                setKind('');
              }}
              sx={{ mt: 1 }}
            >
              Show all bets
            </Button>
          )}
        </Card>
      )}
      <LoadMore {...loadMore} endText="No older bets" />
      {dialogs}
    </Stack>
  );
}
