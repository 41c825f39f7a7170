import { useEffect } from 'react';
import type { Bet } from './types';

/**
 * The product's two window events that open a bet's dialogs from anywhere in the app: `openBetAcceptance`
 * (the acceptance dialog) and `openBetResult` (the 'Submit Bet Result' dialog). Screens that show bets
 * fire them; the screen that hosts the dialogs listens.
 */
export const OPEN_BET_ACCEPTANCE = 'openBetAcceptance';
export const OPEN_BET_RESULT = 'openBetResult';

export function openBetAcceptance(bet: Bet): void {
  window.dispatchEvent(new CustomEvent<Bet>(OPEN_BET_ACCEPTANCE, { detail: bet }));
}

export function openBetResult(bet: Bet): void {
  window.dispatchEvent(new CustomEvent<Bet>(OPEN_BET_RESULT, { detail: bet }));
}

/** Listens for both events while the calling screen is mounted. */
export function useBetDialogEvents(onAcceptance: (bet: Bet) => void, onResult: (bet: Bet) => void): void {
  useEffect(() => {
    const accept = (event: Event) => onAcceptance((event as CustomEvent<Bet>).detail);
    const result = (event: Event) => onResult((event as CustomEvent<Bet>).detail);
    window.addEventListener(OPEN_BET_ACCEPTANCE, accept);
    window.addEventListener(OPEN_BET_RESULT, result);
    return () => {
      window.removeEventListener(OPEN_BET_ACCEPTANCE, accept);
      window.removeEventListener(OPEN_BET_RESULT, result);
    };
  }, [onAcceptance, onResult]);
}
