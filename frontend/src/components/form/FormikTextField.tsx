import { TextField, type TextFieldProps } from '@mui/material';
import { useField, useFormikContext } from 'formik';

/**
 * A text field bound to Formik: shows its error (the schema's or the server's) once touched, in place of its
 * helper text, and is disabled while the form submits. Errors listed in `summarised` are the form's to say
 * (see FormErrorAlert), not the field's.
 */
export function FormikTextField({
  name,
  helperText,
  disabled,
  onChange,
  summarised = [],
  ...props
}: TextFieldProps & { name: string; summarised?: readonly string[] }) {
  const [field, meta, helpers] = useField<string>(name);
  const { isSubmitting } = useFormikContext();
  const showError = meta.touched && Boolean(meta.error) && !summarised.includes(meta.error ?? '');
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      fullWidth
      {...props}
      // The text as typed, also for type="number" (Formik's own handler would make it a number): amounts
      // travel as strings, as the API takes them.
      onChange={(event) => {
        void helpers.setValue(event.target.value);
        onChange?.(event);
      }}
      disabled={isSubmitting || disabled}
      error={showError}
      helperText={showError ? meta.error : helperText}
    />
  );
}
