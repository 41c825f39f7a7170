import { createSlice } from '@reduxjs/toolkit';
import { TOAST_LIMIT, toastAdded, toastDismissed, toastRemoved, type Toast } from './toast-actions';

export {
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  toastAdded,
  toastDismissed,
  toastRemoved,
  type Toast,
  type ToastVariant,
} from './toast-actions';

export const toastSlice = createSlice({
  name: 'toasts',
  initialState: { items: [] as Toast[] },
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(toastAdded, (state, action) => {
        state.items = [action.payload, ...state.items].slice(0, TOAST_LIMIT);
      })
      .addCase(toastDismissed, (state, action) => {
        const toast = state.items.find((item) => item.id === action.payload);
        if (toast) toast.open = false;
      })
      .addCase(toastRemoved, (state, action) => {
        state.items = state.items.filter((item) => item.id !== action.payload);
      });
  },
});
