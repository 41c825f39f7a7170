import type { PayloadAction } from '@reduxjs/toolkit';

// The toasts' actions apart from their reducer (toast-slice.ts) and written out by hand, so the toaster and
// useToast, which every page has from the start, do not bring Redux Toolkit with them (a signed-out visit
// loads it only with the sign-in dialog, see store/app-store.ts).

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
}

/** docs/product.md §9: one toast at a time; a new one replaces the current. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

let nextId = 1;

export const TOAST_ADDED = 'toasts/toastAdded';
export const TOAST_DISMISSED = 'toasts/toastDismissed';
export const TOAST_REMOVED = 'toasts/toastRemoved';

export function toastAdded(toast: {
  title: string;
  description?: string;
  variant?: ToastVariant;
}): PayloadAction<Toast, typeof TOAST_ADDED> {
  const payload: Toast = {
    id: nextId++,
    open: true,
    title: toast.title,
    description: toast.description,
    variant: toast.variant ?? 'default',
  };
  return { type: TOAST_ADDED, payload };
}

export function toastDismissed(id: number): PayloadAction<number, typeof TOAST_DISMISSED> {
  return { type: TOAST_DISMISSED, payload: id };
}

export function toastRemoved(id: number): PayloadAction<number, typeof TOAST_REMOVED> {
  return { type: TOAST_REMOVED, payload: id };
}
// Their types, as Redux Toolkit's own action creators carry them (the reducer's builder matches on these).
toastAdded.type = TOAST_ADDED;
toastDismissed.type = TOAST_DISMISSED;
toastRemoved.type = TOAST_REMOVED;
