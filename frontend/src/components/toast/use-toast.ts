import { useCallback } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { toastAdded, type ToastVariant } from './toast-actions';

/** `const toast = useToast(); toast({ title: 'Bet Accepted!' })` — called by the component that knows what happened. */
export function useToast() {
  const dispatch = useAppDispatch();
  return useCallback(
    (toast: { title: string; description?: string; variant?: ToastVariant }) => dispatch(toastAdded(toast)),
    [dispatch],
  );
}
