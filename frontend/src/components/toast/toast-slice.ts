import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

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

export const toastSlice = createSlice({
  name: 'toasts',
  initialState: { items: [] as Toast[] },
  reducers: {
    toastAdded: {
      reducer(state, action: PayloadAction<Toast>) {
        state.items = [action.payload, ...state.items].slice(0, TOAST_LIMIT);
      },
      prepare(toast: { title: string; description?: string; variant?: ToastVariant }) {
        const payload: Toast = {
          id: nextId++,
          open: true,
          title: toast.title,
          description: toast.description,
          variant: toast.variant ?? 'default',
        };
        return { payload };
      },
    },
    toastDismissed(state, action: PayloadAction<number>) {
      const toast = state.items.find((item) => item.id === action.payload);
      if (toast) toast.open = false;
    },
    toastRemoved(state, action: PayloadAction<number>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
  },
});

export const { toastAdded, toastDismissed, toastRemoved } = toastSlice.actions;
