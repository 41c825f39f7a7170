import { TextField, type TextFieldProps } from '@mui/material';
import { useField, useFormikContext } from 'formik';

/** A text field bound to Formik: shows its error once touched, disabled while the form submits. */
export function FormikTextField({ name, ...props }: TextFieldProps & { name: string }) {
  const [field, meta] = useField<string>(name);
  const { isSubmitting } = useFormikContext();
  const showError = meta.touched && Boolean(meta.error);
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      fullWidth
      disabled={isSubmitting || props.disabled}
      error={showError}
      helperText={showError ? meta.error : props.helperText}
      {...props}
    />
  );
}
