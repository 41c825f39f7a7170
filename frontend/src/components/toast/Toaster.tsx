import { lazy, Suspense, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useAppSelector } from '../../store/hooks';
import './Toaster.css';

// MUI's Alert (and MUI itself, on the landing page) loads with the first toast, not with every page.
const ToastList = lazy(() => import('./ToastList').then((module) => ({ default: module.ToastList })));

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
    <section ref={region} tabIndex={-1} aria-label="Notifications (F8)" className="toaster">
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastList toasts={toasts} />
        </Suspense>
      )}
    </section>,
    document.body,
  );
}
