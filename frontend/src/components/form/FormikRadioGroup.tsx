import { RadioGroup, type RadioGroupProps } from '@mui/material';
import { useField } from 'formik';

/** A radio group bound to Formik by `name`; its FormControlLabels are the choices. */
export function FormikRadioGroup({
  name,
  onChange,
  ...props
}: Omit<RadioGroupProps, 'name' | 'value'> & { name: string }) {
  const [field, , helpers] = useField<string>(name);
  return (
    <RadioGroup
      {...props}
      value={field.value}
      onChange={(event, value) => {
        void helpers.setValue(value);
        onChange?.(event, value);
      }}
    />
  );
}
