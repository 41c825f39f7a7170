import CloseIcon from '@mui/icons-material/Close';
import { Alert, AlertTitle, Box, IconButton } from '@mui/material';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  TOAST_DURATION_MS,
  TOAST_REMOVE_DELAY_MS,
  toastDismissed,
  toastRemoved,
  type Toast,
} from './toast-actions';

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

/** The notification region; F8 moves focus to it (docs/product.md §9). */
export function Toaster() {
  const toasts = useAppSelector((state) => state.toasts.items);
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  // An open dialog hides the rest of the page from assistive technology (MUI sets aria-hidden on the body's
  // other children), which silenced the toasts it raises, such as 'Signup Failed'. The region is its own child
  // of the body and takes that attribute off again: a status message is announced over a dialog too.
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const observer = new MutationObserver(() => {
      if (element.hasAttribute('aria-hidden')) element.removeAttribute('aria-hidden');
    });
    observer.observe(element, { attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, []);
  return createPortal(
    <Box
      component="section"
      ref={region}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        // Phones: at the bottom, above the bottom bar (64 px + the safe area), so the top bar and a
        // dialog's title stay visible; desktop: top right, under the 64 px top bar.
        top: { xs: 'auto', md: 72 },
        bottom: { xs: 'calc(72px + env(safe-area-inset-bottom))', md: 'auto' },
        right: { xs: 8, md: 16 },
        left: { xs: 8, md: 'auto' },
        width: { md: 380 },
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        outline: 'none',
        // A dialog open on a desktop: a centred dialog reaches under the top right corner on narrower
        // windows (its title at 32 px, the toast from 72 px), so its toasts go to the bottom right.
        // (Breakpoints inside the selector: a second '@media (min-width:900px)' key would replace the one
        // the responsive values above make.)
        'body:has(.MuiDialog-root) &': { top: { md: 'auto' }, bottom: { md: 16 } },
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </Box>,
    document.body,
  );
}
