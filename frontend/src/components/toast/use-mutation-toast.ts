import { useCallback } from 'react';
import { serverMessage } from '../../lib/errors';
import type { ToastVariant } from './toast-actions';
import { useToast } from './use-toast';

interface ToastText {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface MutationToasts<T> {
  /** Shown when the call succeeds (a success toast unless it says otherwise); none when omitted. */
  success?: ToastText | ((result: T) => ToastText);
  /** Shown when it fails: this title, and the server's message (or `fallback` when it sent none). */
  failure: { title: string; fallback?: string };
}

/**
 * How a call went; a failure has already been shown, and its error is kept for a form to place the server's
 * field messages (components/form/server-field-errors.ts). (Not `undefined`: many calls answer nothing.)
 */
export type MutationOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs a mutation and tells the person how it went, the one way every screen does: a success toast, or a
 * destructive toast with the server's own message. The caller only writes what happens next:
 *
 *   const saved = await run(() => save(values).unwrap(), { success: { title: 'Saved' }, failure: { title: 'Update failed' } });
 *   if (saved.ok) onClose();
 */
export function useMutationToast() {
  const toast = useToast();
  return useCallback(
    async <T>(call: () => Promise<T>, toasts: MutationToasts<T>): Promise<MutationOutcome<T>> => {
      let result: T;
      try {
        result = await call();
      } catch (error) {
        toast({
          title: toasts.failure.title,
          description: serverMessage(error, toasts.failure.fallback ?? ''),
          variant: 'destructive',
        });
        return { ok: false, error };
      }
      if (toasts.success) {
        const text = typeof toasts.success === 'function' ? toasts.success(result) : toasts.success;
        toast({ variant: 'success', ...text });
      }
      return { ok: true, value: result };
    },
    [toast],
  );
}
