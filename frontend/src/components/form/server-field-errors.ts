import { getIn, type FormikHelpers } from 'formik';
import { isApiError } from '../../lib/errors';

/**
 * Puts the server's per-field messages (the 4xx body's `fields` map, docs/product.md §8) on the fields of
 * this form that carry them, so a person sees the server's reason next to what they typed. Paths may be
 * nested (`outcomes.1`). Fields the form does not show are left to the toast, which every failure gets.
 * Returns how many messages were placed.
 */
export function showServerFieldErrors<Values extends object>(
  error: unknown,
  values: Values,
  helpers: Pick<FormikHelpers<Values>, 'setFieldError' | 'setFieldTouched'>,
): number {
  if (!isApiError(error) || !error.fields) return 0;
  let placed = 0;
  for (const [path, message] of Object.entries(error.fields)) {
    if (getIn(values, path) === undefined) continue;
    // Touched, so a field bound with FormikTextField shows it even if the person never left the field;
    // not validated again, which would replace the server's word with the schema's.
    void helpers.setFieldTouched(path, true, false);
    helpers.setFieldError(path, message);
    placed += 1;
  }
  return placed;
}
