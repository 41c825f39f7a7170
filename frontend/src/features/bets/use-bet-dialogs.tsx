import { lazy, Suspense, useCallback, useState } from 'react';
import { LazyThemeRoot } from '../../components/LazyThemeRoot';
import { useLoadWhenIdle } from '../../lib/use-load-when-idle';
import { useToast } from '../../components/toast/use-toast';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { formatMoney } from '../../lib/money';
import { useBetDialogEvents } from './bet-dialog-events';
import { displayName, type Bet } from './types';
import { useBetsControllerCancelMutation, useBetsControllerDeclineMutation } from '../../api/enhanced-api';

// The dialogs load after the screen that hosts them (a quarter of the dashboard's first-visit JavaScript
// was dialogs nobody had opened yet); useBetDialogs fetches them once the screen is idle, so a tap finds
// them ready.
const loadAcceptBetDialog = () => import('./AcceptBetDialog');
const loadSubmitOutcomeDialog = () => import('./SubmitOutcomeDialog');
const loadSubmitResultDialog = () => import('./SubmitResultDialog');
const loadPotDialogs = () => import('./pot/pot-dialogs');
const JoinPotDialog = lazy(() => loadPotDialogs().then((m) => ({ default: m.JoinPotDialog })));
const PotReportDialog = lazy(() => loadPotDialogs().then((m) => ({ default: m.PotReportDialog })));
const AcceptBetDialog = lazy(() => loadAcceptBetDialog().then((m) => ({ default: m.AcceptBetDialog })));
const SubmitOutcomeDialog = lazy(() =>
  loadSubmitOutcomeDialog().then((m) => ({ default: m.SubmitOutcomeDialog })),
);
const SubmitResultDialog = lazy(() =>
  loadSubmitResultDialog().then((m) => ({ default: m.SubmitResultDialog })),
);

// The idle load goes through a chunk of its own (see bet-dialogs-idle-imports.ts).
const loadAllDialogs = () => import('./bet-dialogs-idle-imports').then((m) => m.loadBetDialogsWhenIdle());

/**
 * The bet dialogs a screen hosts: acceptance and 'Submit Bet Result' (also opened by the product's window
 * events) and Submit Outcome. Render `dialogs` once; call the openers from cards and buttons.
 */
export function useBetDialogs(viewerId: string) {
  const [accepting, setAccepting] = useState<Bet | null>(null);
  const [reporting, setReporting] = useState<Bet | null>(null);
  const [resulting, setResulting] = useState<Bet | null>(null);
  useBetDialogEvents(
    useCallback((bet: Bet) => setAccepting(bet), []),
    useCallback((bet: Bet) => setResulting(bet), []),
  );
  useLoadWhenIdle(loadAllDialogs);
  // MUI's theme (and core) loads with the first dialog opened, not with the screen (the dashboard draws
  // without MUI).
  const dialogs = (accepting || reporting || resulting) && (
    <Suspense fallback={null}>
      <LazyThemeRoot>
        {/* A group pot is joined with any pick and reported by outcome: its own dialogs. */}
        {accepting &&
          (accepting.kind === 'pot' ? (
            <JoinPotDialog bet={accepting} onClose={() => setAccepting(null)} />
          ) : (
            <AcceptBetDialog bet={accepting} onClose={() => setAccepting(null)} />
          ))}
        {reporting &&
          (reporting.kind === 'pot' ? (
            <PotReportDialog bet={reporting} viewerId={viewerId} onClose={() => setReporting(null)} />
          ) : (
            <SubmitOutcomeDialog bet={reporting} viewerId={viewerId} onClose={() => setReporting(null)} />
          ))}
        {resulting && <SubmitResultDialog bet={resulting} onClose={() => setResulting(null)} />}
      </LazyThemeRoot>
    </Suspense>
  );
  return { dialogs, openAcceptance: setAccepting, openOutcome: setReporting };
}

/** Deny a challenge, after the confirmation the product asks for, with its toasts. */
export function useDenyChallenge() {
  const [decline, { isLoading }] = useBetsControllerDeclineMutation();
  const toast = useToast();
  const deny = async (bet: Bet) => {
    if (!window.confirm(`Deny the challenge "${bet.title}" from ${displayName(bet.creator)}?`)) return;
    try {
      await decline(bet.id).unwrap();
      toast({ title: 'Challenge Denied' });
    } catch {
      toast({ title: 'Failed to deny challenge', variant: 'destructive' });
    }
  };
  return { deny, isDenying: isLoading };
}

/** Withdrawing one's own pending challenge, from its card or its page: confirmed first, the stake comes back. */
export function useWithdrawChallenge() {
  const [cancel, { isLoading }] = useBetsControllerCancelMutation();
  const run = useMutationToast();
  const withdraw = async (bet: Bet) => {
    if (!window.confirm(`Withdraw "${bet.title}"? Your $${formatMoney(bet.amount)} stake comes back.`))
      return;
    await run(() => cancel(bet.id).unwrap(), {
      success: {
        title: 'Challenge withdrawn',
        description: `$${formatMoney(bet.amount)} is back in your wallet.`,
        variant: 'default',
      },
      failure: { title: 'Error', fallback: 'Failed to withdraw the challenge' },
    });
  };
  return { withdraw, isWithdrawing: isLoading };
}
