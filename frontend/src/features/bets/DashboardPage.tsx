import { Box, Button, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { Card } from '../../components/plain/Card';
import { Skeleton } from '../../components/plain/Skeleton';
import { useAuth } from '../../session/use-auth';
import { useUnauthorizedRedirect } from '../../session/use-unauthorized';
import { BalanceHero } from './BalanceHero';
import { BetCard } from './BetCard';
import { POLL, useActiveBetsQuery, usePendingBetsQuery, useRecentResultsQuery } from './bets-api';
import type { Bet } from './types';
import { useBetDialogs } from './use-bet-dialogs';
import { useLoadWhenIdle } from '../../lib/use-load-when-idle';
import { useWalletQuery } from '../../api/wallet-api';
import { activeSuspension, greeting } from './greeting';
import { linkedBetId } from './linked-bet';

function EmptyState({ title, text, action }: { title: string; text: string; action?: React.ReactNode }) {
  return (
    <Card style={{ textAlign: 'center', padding: '24px 16px', borderStyle: 'dashed' }}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
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
        <Skeleton key={key} height={120} />
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
  footer,
}: {
  id: string;
  title: string;
  query: { isLoading: boolean; data?: Bet[] };
  viewerId: string;
  onAccept: (bet: Bet) => void;
  onSubmitOutcome: (bet: Bet) => void;
  empty: React.ReactNode;
  footer?: React.ReactNode;
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
      {footer}
    </Box>
  );
}

// The create flow loads once the dashboard is idle, not with it: it is the biggest dialog and most visits
// never open it (see useLoadWhenIdle).
const loadCreateBetFlow = () => import('./CreateBetFlow');
const CreateBetFlow = lazy(() => loadCreateBetFlow().then((m) => ({ default: m.CreateBetFlow })));

/** The dashboard (docs/product.md §2): balance, active bets, pending challenges and recent results. */
export default function DashboardPage() {
  useLoadWhenIdle(loadCreateBetFlow);
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState<{ open: boolean; challenger: string | null }>({
    open: false,
    challenger: null,
  });
  const { dialogs, openAcceptance, openOutcome } = useBetDialogs(user?.id ?? '');
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

  const results = useRecentResultsQuery();

  // ?bet=<id>: links sent before bets had their own page (old emails and pushes) go to the bet's page.
  const linkedBet = linkedBetId(params.get('bet'));
  if (linkedBet !== null) return <Navigate to={`/bets/${linkedBet}`} replace />;

  if (!user) return null;
  const balance = wallet.data?.available ?? user.balance;
  const openCreate = () => setCreating({ open: true, challenger: null });

  return (
    <Stack spacing={3}>
      <BalanceHero
        greeting={greeting(user)}
        balance={balance}
        suspendedUntil={suspendedUntil}
        onCreate={openCreate}
      />

      <BetSection
        id="active"
        title="Active Bets"
        query={active}
        viewerId={user.id}
        onAccept={openAcceptance}
        onSubmitOutcome={openOutcome}
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
        onAccept={openAcceptance}
        onSubmitOutcome={openOutcome}
        empty={<EmptyState title="All Caught Up!" text="No challenges are waiting on anyone." />}
      />
      <BetSection
        id="results"
        title="Recent Results"
        query={results}
        viewerId={user.id}
        onAccept={openAcceptance}
        onSubmitOutcome={openOutcome}
        empty={
          <EmptyState title="No Results Yet" text="Settled, declined and expired bets will show up here." />
        }
        footer={
          <Box sx={{ mt: 1 }}>
            <Button component={RouterLink} to="/bets" sx={{ minHeight: 44 }}>
              See all bets
            </Button>
          </Box>
        }
      />

      {creating.open && (
        <Suspense fallback={null}>
          <CreateBetFlow
            open
            challengerId={creating.challenger}
            onClose={() => setCreating({ open: false, challenger: null })}
          />
        </Suspense>
      )}
      {dialogs}
    </Stack>
  );
}
