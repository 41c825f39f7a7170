/** Spec §5 Bet creation rules for the screen; the server checks them again. */
export const MIN_OUTCOMES = 2;
export const MAX_OUTCOMES = 4;
export const SCREEN_DURATION_HOURS = 168;

export function filledOutcomes(options: string[]): string[] {
  return options.map((option) => option.trim()).filter(Boolean);
}

export function canContinueFromAmount(amount: string, title: string): boolean {
  return Number(amount) >= 0.01 && title.trim().length > 0;
}

export function canReview(options: string[], pick: string): boolean {
  const filled = filledOutcomes(options);
  return filled.length >= MIN_OUTCOMES && pick.trim() !== '' && filled.includes(pick.trim());
}
