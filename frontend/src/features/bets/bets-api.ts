/** docs/product.md §9 polling intervals. */
export const POLL = { activeBets: 30_000, pendingBets: 10_000 } as const;
