import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from '../api/base-api';
import { toastSlice } from '../components/toast/toast-slice';

const rootReducer = combineReducers({ [api.reducerPath]: api.reducer, toasts: toastSlice.reducer });

/** A fresh store; tests make their own. */
export function makeStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
