/** `?bet=<id>` (links from before bets had a page) as a bet id, or null when absent or not a positive integer. */
export function linkedBetId(param: string | null): number | null {
  if (param === null || !/^[1-9]\d{0,15}$/.test(param)) return null;
  return Number(param);
}
