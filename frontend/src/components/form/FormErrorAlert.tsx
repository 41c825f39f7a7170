import { Alert } from '@mui/material';
import { useFormikContext, type FormikErrors } from 'formik';
import type { ReactNode } from 'react';

/** Every message in a Formik errors object, nested ones (arrays, objects) included. */
function allMessages(errors: FormikErrors<unknown> | string | string[] | undefined): string[] {
  if (!errors) return [];
  if (typeof errors === 'string') return [errors];
  return Object.values(errors).flatMap((value) => allMessages(value as FormikErrors<unknown>));
}

/** The first of `messages` the form's errors hold, or null. */
export function formLevelMessage(errors: FormikErrors<unknown>, messages: readonly string[]): string | null {
  const present = new Set(allMessages(errors));
  return messages.find((message) => present.has(message)) ?? null;
}

/**
 * Where a form says what is wrong as a whole ('Please fill in all required fields') rather than under a field:
 * after a submit attempt, the first of `messages` the schema reported, in that order of precedence. Fields
 * bound with `FormikTextField summarised={messages}` leave these to it and still show any other error (the
 * server's, say) themselves.
 */
export function FormErrorAlert({
  messages,
  title,
  children,
}: {
  messages: readonly string[];
  title?: string;
  /** What goes before the message (a title), if anything. */
  children?: ReactNode;
}) {
  const { errors, submitCount } = useFormikContext();
  const message = submitCount > 0 ? formLevelMessage(errors, messages) : null;
  if (!message) return null;
  return (
    <Alert severity="error" title={title}>
      {children}
      {message}
    </Alert>
  );
}
