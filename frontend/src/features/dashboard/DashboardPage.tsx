import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney } from '../../lib/money';
import { formatDateTime } from '../../lib/time';
import { useAuth } from '../auth/use-auth';
import { useUnauthorizedRedirect } from '../auth/use-unauthorized';
import { AcceptBetDialog } from '../bets/AcceptBetDialog';
import { BetCard } from '../bets/BetCard';
import { POLL, useActiveBetsQuery, useBetQuery, usePendingBetsQuery, useWalletQuery } from '../bets/bets-api';
import { CreateBetFlow } from '../bets/CreateBetFlow';
import { SubmitOutcomeDialog } from '../bets/SubmitOutcomeDialog';
import { SubmitResultDialog } from '../bets/SubmitResultDialog';
import type { Bet } from '../bets/types';
import { activeSuspension, greeting } from './greeting';
import { dialogForLinkedBet, linkedBetId } from './linked-bet';

function EmptyState({ title, text, action }: { title: string; text: string; action?: React.ReactNode }) {
  return (
    <Card sx={{ textAlign: 'center', py: 3, px: 2, borderStyle: 'dashed' }}>
      <Typography variant="h6">{title}</Typography>
      <Typography color="text.secondary" sx={{ mb: action ? 2 : 0 }}>
        {text}
      </Typography>
      {action}
    </Card>
  );
}

function BetListSkeleton() {
  return (
    <Stack spacing={1.5} aria-label="Loading bets" role="status">
      {[0, 1].map((key) => (
        <Skeleton key={key} variant="rounded" height={120} />
      ))}
    </Stack>
  );
}

function BetSection({
  id,
  title,
  query,
  viewerId,
  onAccept,
  onSubmitOutcome,
  empty,
}: {
  id: string;
  title: string;
  query: { isLoading: boolean; data?: Bet[] };
  viewerId: string;
  onAccept: (bet: Bet) => void;
  onSubmitOutcome: (bet: Bet) => void;
  empty: React.ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={`${id}-heading`}>
      <Typography id={`${id}-heading`} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {query.isLoading ? (
        <BetListSkeleton />
      ) : query.data && query.data.length > 0 ? (
        <Stack spacing={1.5}>
          {query.data.map((bet) => (
            <BetCard
              key={bet.id}
              bet={bet}
              viewerId={viewerId}
              onAccept={onAccept}
              onSubmitOutcome={onSubmitOutcome}
            />
          ))}
        </Stack>
      ) : (
        empty
      )}
    </Box>
  );
}

/** Spec §2 Dashboard. */
export default function DashboardPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState<{ open: boolean; challenger: string | null }>({
    open: false,
    challenger: null,
  });
  const [accepting, setAccepting] = useState<Bet | null>(null);
  const [reporting, setReporting] = useState<Bet | null>(null);
  const [resulting, setResulting] = useState<Bet | null>(null);
  const active = useActiveBetsQuery(undefined, { pollingInterval: POLL.activeBets });
  const pending = usePendingBetsQuery(undefined, { pollingInterval: POLL.pendingBets });
  const wallet = useWalletQuery();
  useUnauthorizedRedirect(active.error, pending.error);

  // ?challenger=<friendId> (from the friends page) and ?create=1 (the bottom bar) open the flow, then
  // the address is cleaned up.
  const challengerParam = params.get('challenger');
  const wantsCreate = challengerParam !== null || params.get('create') !== null;
  const suspendedUntil = activeSuspension(user?.suspendedUntil);
  if (wantsCreate && !creating.open && !suspendedUntil)
    setCreating({ open: true, challenger: challengerParam });
  useEffect(() => {
    if (wantsCreate) setParams({}, { replace: true });
  }, [wantsCreate, setParams]);

  // ?bet=<id> (a notification's link) opens the dialog that bet needs from the viewer, fetched fresh so
  // a challenge that has just arrived is found; then the parameter is removed from the address.
  const betParam = params.get('bet');
  const betId = linkedBetId(betParam);
  const linked = useBetQuery(betId ?? skipToken, { refetchOnMountOrArgChange: true });
  const [linkHandled, setLinkHandled] = useState<number | null>(null);
  if (betId === null && linkHandled !== null) setLinkHandled(null);
  if (
    user &&
    betId !== null &&
    linkHandled !== betId &&
    !linked.isFetching &&
    (linked.isSuccess || linked.isError)
  ) {
    setLinkHandled(betId);
    const bet = linked.data?.id === betId ? linked.data : undefined;
    const dialog = bet ? dialogForLinkedBet(bet, user.id) : null;
    if (bet && dialog === 'accept') setAccepting(bet);
    if (bet && dialog === 'result') setResulting(bet);
  }
  const linkDone = betParam !== null && (betId === null || linkHandled === betId);
  useEffect(() => {
    if (!linkDone) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('bet');
        return next;
      },
      { replace: true },
    );
  }, [linkDone, setParams]);

  useEffect(() => {
    const onAccept = (event: Event) => setAccepting((event as CustomEvent<Bet>).detail);
    const onResult = (event: Event) => setResulting((event as CustomEvent<Bet>).detail);
    window.addEventListener('openBetAcceptance', onAccept);
    window.addEventListener('openBetResult', onResult);
    return () => {
      window.removeEventListener('openBetAcceptance', onAccept);
      window.removeEventListener('openBetResult', onResult);
    };
  }, []);

  if (!user) return null;
  const balance = wallet.data?.available ?? user.balance;
  const openCreate = () => setCreating({ open: true, challenger: null });
  const suspendedText = suspendedUntil
    ? `Your account is suspended until ${formatDateTime(suspendedUntil)}. You can't create or accept bets until then.`
    : null;

  return (
    <Stack spacing={3}>
      {suspendedText && (
        <Alert severity="warning" data-testid="suspension-banner">
          <AlertTitle>Account suspended</AlertTitle>
          {suspendedText}
        </Alert>
      )}
      <Card
        sx={{
          background: 'linear-gradient(135deg, #4527a0, #7953d2)',
          color: 'primary.contrastText',
          border: 0,
        }}
      >
        <CardContent>
          <Typography variant="h5" component="h1">
            {greeting(user)}
          </Typography>
          <Typography sx={{ opacity: 0.85, mt: 1 }}>Balance</Typography>
          <Typography variant="h3" component="p" data-testid="dashboard-balance" sx={{ fontWeight: 800 }}>
            ${formatMoney(balance)}
          </Typography>
          <Button
            variant="contained"
            color="secondary"
            startIcon={<AddIcon />}
            onClick={openCreate}
            disabled={suspendedUntil !== null}
            aria-describedby={suspendedUntil ? 'create-disabled-reason' : undefined}
            sx={{ mt: 2 }}
          >
            Create New Bet
          </Button>
          {suspendedUntil && (
            <Typography id="create-disabled-reason" variant="body2" sx={{ mt: 1 }}>
              Creating bets is off while your account is suspended (until {formatDateTime(suspendedUntil)}).
            </Typography>
          )}
        </CardContent>
      </Card>

      <BetSection
        id="active"
        title="Active Bets"
        query={active}
        viewerId={user.id}
        onAccept={setAccepting}
        onSubmitOutcome={setReporting}
        empty={
          <EmptyState
            title="Ready to Start Betting?"
            text="Challenge a friend and your active bets will show up here."
            action={
              <Button variant="outlined" onClick={openCreate} disabled={suspendedUntil !== null}>
                Create New Bet
              </Button>
            }
          />
        }
      />
      <BetSection
        id="pending"
        title="Pending Challenges"
        query={pending}
        viewerId={user.id}
        onAccept={setAccepting}
        onSubmitOutcome={setReporting}
        empty={<EmptyState title="All Caught Up!" text="No challenges are waiting on anyone." />}
      />

      <CreateBetFlow
        open={creating.open}
        challengerId={creating.challenger}
        onClose={() => setCreating({ open: false, challenger: null })}
      />
      {accepting && <AcceptBetDialog bet={accepting} onClose={() => setAccepting(null)} />}
      {reporting && (
        <SubmitOutcomeDialog bet={reporting} viewerId={user.id} onClose={() => setReporting(null)} />
      )}
      {resulting && <SubmitResultDialog bet={resulting} onClose={() => setResulting(null)} />}
    </Stack>
  );
}
