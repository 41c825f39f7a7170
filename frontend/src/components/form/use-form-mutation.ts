import type { FormikHelpers } from 'formik';
import { useCallback } from 'react';
import { useMutationToast, type MutationOutcome, type MutationToasts } from '../toast/use-mutation-toast';
import { showServerFieldErrors } from './server-field-errors';

/**
 * `useMutationToast` for a Formik form's submit: the same toasts, and on failure the server's per-field
 * messages also shown on the fields they name.
 *
 *   onSubmit={async (values, helpers) => {
 *     const saved = await submit(values, helpers, () => save(values).unwrap(), toasts);
 *     if (saved.ok) onClose();
 *   }}
 */
export function useFormMutation() {
  const run = useMutationToast();
  return useCallback(
    async <Values extends object, T>(
      values: Values,
      helpers: Pick<FormikHelpers<Values>, 'setFieldError' | 'setFieldTouched'>,
      call: () => Promise<T>,
      toasts: MutationToasts<T>,
    ): Promise<MutationOutcome<T>> => {
      const outcome = await run(call, toasts);
      if (!outcome.ok) showServerFieldErrors(outcome.error, values, helpers);
      return outcome;
    },
    [run],
  );
}
