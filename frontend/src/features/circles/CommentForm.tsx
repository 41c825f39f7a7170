import { Button, Stack } from '@mui/material';
import { Form, Formik } from 'formik';
import { FormikTextField } from '../../components/form/FormikTextField';
import { useFormMutation } from '../../components/form/use-form-mutation';
import { COMMENT_MAX, commentSchema } from './circle-rules';

/** Writing or editing a comment: plain text up to 500 characters, with a counter; sent trimmed. */
export function CommentForm({
  label,
  initial = '',
  submitLabel,
  onSend,
  onCancel,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  onSend: (body: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const submit = useFormMutation();
  return (
    <Formik
      initialValues={{ body: initial }}
      validationSchema={commentSchema}
      // Checked on send and while typing, not on leaving the box: moving past an empty box is not a mistake.
      validateOnBlur={false}
      onSubmit={async (values, helpers) => {
        const done = await submit(values, helpers, () => onSend(values.body.trim()), {
          failure: { title: 'Could not send the comment', fallback: 'Please try again.' },
        });
        if (done.ok) helpers.resetForm({ values: { body: '' } });
      }}
    >
      {({ values, isSubmitting }) => (
        <Form noValidate>
          <Stack spacing={1}>
            <FormikTextField
              name="body"
              label={label}
              multiline
              minRows={1}
              maxRows={6}
              size="small"
              helperText={`${values.body.length}/${COMMENT_MAX}`}
              slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              {onCancel && (
                <Button onClick={onCancel} disabled={isSubmitting} sx={{ minHeight: 44 }}>
                  Cancel
                </Button>
              )}
              <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ minHeight: 44 }}>
                {submitLabel}
              </Button>
            </Stack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
