import CloseIcon from '@mui/icons-material/Close';
import { Alert, AlertTitle, IconButton } from '@mui/material';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { ThemeRoot } from '../ThemeRoot';
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, toastDismissed, toastRemoved, type Toast } from './toast-actions';

/** docs/product.md §9: a swipe to the right of more than 50 px dismisses the toast. */
export const SWIPE_THRESHOLD_PX = 50;

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);

  useEffect(() => {
    if (!toast.open) {
      const removal = setTimeout(() => dispatch(toastRemoved(toast.id)), TOAST_REMOVE_DELAY_MS);
      return () => clearTimeout(removal);
    }
    const timer = setTimeout(() => dispatch(toastDismissed(toast.id)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.open]);

  if (!toast.open) return null;
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    // A press on the close button is a click, not a swipe: capturing the pointer here would send the click
    // to the toast instead of the button, which then never closed it.
    if (event.target instanceof Element && event.target.closest('button')) return;
    start.current = event.clientX;
    // Keep receiving moves when the finger leaves the toast mid-swipe (jsdom has no pointer capture).
    if (typeof event.currentTarget.setPointerCapture === 'function') {
      event.currentTarget.setPointerCapture(event.pointerId);
    }
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (offset > SWIPE_THRESHOLD_PX) dispatch(toastDismissed(toast.id));
    start.current = null;
    setOffset(0);
  };
  const severity =
    toast.variant === 'destructive' ? 'error' : toast.variant === 'success' ? 'success' : 'info';
  return (
    <Alert
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
      severity={severity}
      variant="filled"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      sx={{ transform: `translateX(${offset}px)`, touchAction: 'pan-y', boxShadow: 6, width: '100%' }}
      action={
        <IconButton
          aria-label="Dismiss notification"
          color="inherit"
          size="small"
          sx={{ width: 44, height: 44 }}
          onClick={() => dispatch(toastDismissed(toast.id))}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      }
    >
      <AlertTitle sx={{ mb: toast.description ? 0.5 : 0 }}>{toast.title}</AlertTitle>
      {toast.description}
    </Alert>
  );
}

/** The toasts themselves (MUI's Alert), loaded with the first toast: the Toaster's region is plain HTML. */
export function ToastList({ toasts }: { toasts: Toast[] }) {
  return (
    <ThemeRoot>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ThemeRoot>
  );
}
