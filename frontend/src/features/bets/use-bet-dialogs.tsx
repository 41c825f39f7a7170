import { useCallback, useState } from 'react';
import { useToast } from '../../components/toast/use-toast';
import { AcceptBetDialog } from './AcceptBetDialog';
import { useBetDialogEvents } from './bet-dialog-events';
import { useDeclineBetMutation } from './bets-api';
import { SubmitOutcomeDialog } from './SubmitOutcomeDialog';
import { SubmitResultDialog } from './SubmitResultDialog';
import { displayName, type Bet } from './types';

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
  const dialogs = (
    <>
      {accepting && <AcceptBetDialog bet={accepting} onClose={() => setAccepting(null)} />}
      {reporting && (
        <SubmitOutcomeDialog bet={reporting} viewerId={viewerId} onClose={() => setReporting(null)} />
      )}
      {resulting && <SubmitResultDialog bet={resulting} onClose={() => setResulting(null)} />}
    </>
  );
  return { dialogs, openAcceptance: setAccepting, openOutcome: setReporting };
}

/** Deny a challenge, after the confirmation the product asks for, with its toasts. */
export function useDenyChallenge() {
  const [decline, { isLoading }] = useDeclineBetMutation();
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
