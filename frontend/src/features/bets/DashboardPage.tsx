import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { LazyThemeRoot } from '../../components/LazyThemeRoot';
import { ButtonLink } from '../../components/ButtonLink';
import { Button } from '../../components/plain/Button';
import { Card } from '../../components/plain/Card';
import { Skeleton } from '../../components/plain/Skeleton';
import { useAuth } from '../../session/use-auth';
import { useUnauthorizedRedirect } from '../../session/use-unauthorized';
import { BalanceHero } from './BalanceHero';
import { BetCard } from './BetCard';
import { RefereeingList } from './RefereeingList';
import { POLL } from './bets-api';
import type { Bet } from './types';
import { useBetDialogs } from './use-bet-dialogs';
import { useLoadWhenIdle } from '../../lib/use-load-when-idle';
import { activeSuspension, greeting } from './greeting';
import { linkedBetId } from './linked-bet';
// The dashboard is plain HTML and CSS (components/plain, Dashboard.css, BetCard.css): with the shell, it is the
// signed-in first screen, and MUI's core loads after it has drawn.
import './Dashboard.css';
import {
  useBetsControllerActiveQuery,
  useBetsControllerCompletedQuery,
  useBetsControllerPendingQuery,
  useWalletControllerSummaryQuery,
} from '../../api/enhanced-api';

function EmptyState({ title, text, action }: { title: string; text: string; action?: React.ReactNode }) {
  return (
    <Card style={{ textAlign: 'center', padding: '24px 16px', borderStyle: 'dashed' }}>
      <h3 className="text-h6">{title}</h3>
      <p className={action ? 'text-body1 empty-text has-action' : 'text-body1'}>{text}</p>
      {action}
    </Card>
  );
}

/**
 * While a list loads: a pulsing block the size of the section's empty state, drawn from it (hidden), which is
 * what a list most often turns out to be on a first visit; two 120 px blocks replaced by a shorter card moved
 * everything below (Cumulative Layout Shift).
 */
function BetListSkeleton({ empty }: { empty: React.ReactNode }) {
  return (
    <Skeleton aria-label="Loading bets" role="status">
      {empty}
    </Skeleton>
  );
}

/** Bets a list shows before "Show all": a busy person's first screen reaches every list. */
export const FIRST_VIEW = 5;

function BetSection({
  id,
  title,
  noun,
  query,
  viewerId,
  onAccept,
  onSubmitOutcome,
  empty,
  footer,
}: {
  id: string;
  title: string;
  /** What the list holds, for its "Show all" button ("active bets"). */
  noun: string;
  query: { isLoading: boolean; data?: Bet[] };
  viewerId: string;
  onAccept: (bet: Bet) => void;
  onSubmitOutcome: (bet: Bet) => void;
  empty: React.ReactNode;
  footer?: React.ReactNode;
}) {
  const [expanded, setExpanded] = useState(false);
  const bets = query.data ?? [];
  const shown = expanded ? bets : bets.slice(0, FIRST_VIEW);
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-h6 text-gutter">
        {title}
      </h2>
      {query.isLoading ? (
        <BetListSkeleton empty={empty} />
      ) : bets.length > 0 ? (
        <div className="bet-list" id={`${id}-list`}>
          {shown.map((bet) => (
            <BetCard
              key={bet.id}
              bet={bet}
              viewerId={viewerId}
              onAccept={onAccept}
              onSubmitOutcome={onSubmitOutcome}
            />
          ))}
        </div>
      ) : (
        empty
      )}
      {bets.length > FIRST_VIEW && (
        <div className="dashboard-footer">
          <Button
            aria-controls={`${id}-list`}
            aria-expanded={expanded}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? `Show fewer ${noun}` : `Show all ${bets.length} ${noun}`}
          </Button>
        </div>
      )}
      {footer}
    </section>
  );
}

/** How the create flow opens: for whom, from a rematch's terms, or straight at a challenge link. */
interface CreateStart {
  open: boolean;
  challenger: string | null;
  rematch: boolean;
  asLink: boolean;
}
const CLOSED: CreateStart = { open: false, challenger: null, rematch: false, asLink: false };

// The create flow loads once the dashboard is idle, not with it: it is the biggest dialog and most visits
// never open it (see useLoadWhenIdle).
const loadCreateBetFlow = () => import('./CreateBetFlow');
const CreateBetFlow = lazy(() => loadCreateBetFlow().then((m) => ({ default: m.CreateBetFlow })));
// The idle loads go through a chunk of their own (see dashboard-idle-imports.ts).
const prefetchThemeRoot = () => import('./dashboard-idle-imports').then((m) => m.loadThemeRootWhenIdle());
const prefetchCreateBetFlow = () =>
  import('./dashboard-idle-imports').then((m) => m.loadCreateBetFlowWhenIdle());

/** The dashboard (docs/product.md §2): balance, active bets, pending challenges and recent results. */
export default function DashboardPage() {
  // MUI's theme first: every dialog waits for it (a lazy LazyThemeRoot renders what it wraps only once loaded).
  useLoadWhenIdle(prefetchThemeRoot);
  useLoadWhenIdle(prefetchCreateBetFlow);
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState<CreateStart>(CLOSED);
  const { dialogs, openAcceptance, openOutcome } = useBetDialogs(user?.id ?? '');
  const active = useBetsControllerActiveQuery({}, { pollingInterval: POLL.activeBets });
  const pending = useBetsControllerPendingQuery({}, { pollingInterval: POLL.pendingBets });
  const wallet = useWalletControllerSummaryQuery();
  useUnauthorizedRedirect(active.error, pending.error);

  // ?challenger=<friendId> (from the friends page, with &rematch=1 for a Rematch) and ?create=1 (the
  // bottom bar) open the flow, then the address is cleaned up.
  const challengerParam = params.get('challenger');
  const wantsCreate = challengerParam !== null || params.get('create') !== null;
  const suspendedUntil = activeSuspension(user?.suspendedUntil);
  if (wantsCreate && !creating.open && !suspendedUntil)
    setCreating({
      open: true,
      challenger: challengerParam,
      rematch: params.get('rematch') !== null,
      asLink: false,
    });
  useEffect(() => {
    if (wantsCreate) setParams({}, { replace: true });
  }, [wantsCreate, setParams]);

  const results = useBetsControllerCompletedQuery({ limit: 5 });

  // ?bet=<id>: links sent before bets had their own page (old emails and pushes) go to the bet's page.
  const linkedBet = linkedBetId(params.get('bet'));
  if (linkedBet !== null) return <Navigate to={`/bets/${linkedBet}`} replace />;

  if (!user) return null;
  const balance = wallet.data?.available ?? user.balance;
  // A list is drawn once every list above it has arrived (all are asked for at once): one arriving above
  // another would push it down the screen, one arriving below only adds to it.
  const pendingShown = !active.isLoading;
  const resultsShown = pendingShown && !pending.isLoading;
  const openCreate = () => setCreating({ ...CLOSED, open: true });
  const openLink = () => setCreating({ ...CLOSED, open: true, asLink: true });

  return (
    <div className="dashboard">
      <BalanceHero
        greeting={greeting(user)}
        balance={balance}
        suspendedUntil={suspendedUntil}
        onCreate={openCreate}
      />

      <BetSection
        id="active"
        title="Active Bets"
        noun="active bets"
        query={active}
        viewerId={user.id}
        onAccept={openAcceptance}
        onSubmitOutcome={openOutcome}
        empty={
          // Create New Bet is right above; what a newcomer lacks is someone to bet with.
          <EmptyState
            title="Ready to Start Betting?"
            text="Bet with a friend: invite one, or send a challenge link that anyone can accept."
            action={
              <div className="empty-actions">
                <ButtonLink to="/friends#invite" variant="contained">
                  Invite a friend
                </ButtonLink>
                <Button variant="outlined" onClick={openLink} disabled={suspendedUntil !== null}>
                  Send a challenge link
                </Button>
              </div>
            }
          />
        }
      />
      {pendingShown && (
        <BetSection
          id="pending"
          title="Pending Challenges"
          noun="pending challenges"
          query={pending}
          viewerId={user.id}
          onAccept={openAcceptance}
          onSubmitOutcome={openOutcome}
          empty={<EmptyState title="All Caught Up!" text="No challenges are waiting on anyone." />}
        />
      )}
      {resultsShown && <RefereeingList />}
      {resultsShown && (
        <BetSection
          id="results"
          title="Recent Results"
          noun="recent results"
          query={results}
          viewerId={user.id}
          onAccept={openAcceptance}
          onSubmitOutcome={openOutcome}
          empty={
            <EmptyState title="No Results Yet" text="Settled, declined and expired bets will show up here." />
          }
          footer={
            <div className="dashboard-footer">
              <ButtonLink to="/bets">See all bets</ButtonLink>
            </div>
          }
        />
      )}

      {creating.open && (
        <Suspense fallback={null}>
          <LazyThemeRoot>
            <CreateBetFlow
              open
              challengerId={creating.challenger}
              rematch={creating.rematch}
              asLink={creating.asLink}
              onClose={() => setCreating(CLOSED)}
            />
          </LazyThemeRoot>
        </Suspense>
      )}
      {dialogs}
    </div>
  );
}
