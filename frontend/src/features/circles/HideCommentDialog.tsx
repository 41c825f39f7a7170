import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Form, Formik } from 'formik';
import { FormikTextField } from '../../components/form/FormikTextField';
import { useFormMutation } from '../../components/form/use-form-mutation';
import { COMMENT_MAX, hideReasonSchema } from './circle-rules';
import { type Comment } from './circles-api';
import { useFeedControllerHideMutation } from '../../api/enhanced-api';

/** An admin hides a comment with a reason: it is kept in the audit log and the author is told. */
export function HideCommentDialog({ comment, onClose }: { comment: Comment | null; onClose: () => void }) {
  const [hide] = useFeedControllerHideMutation();
  const submit = useFormMutation();
  return (
    <Dialog
      open={Boolean(comment)}
      onClose={onClose}
      aria-labelledby="hide-comment-title"
      fullWidth
      maxWidth="xs"
    >
      <Formik
        initialValues={{ reason: '' }}
        validationSchema={hideReasonSchema}
        onSubmit={async (values, helpers) => {
          if (!comment) return;
          const done = await submit(
            values,
            helpers,
            () => hide({ commentId: comment.id, hideCommentDto: { reason: values.reason.trim() } }).unwrap(),
            {
              success: { title: 'Comment hidden', description: 'The author was told why.' },
              failure: { title: 'Could not hide the comment', fallback: 'Please try again.' },
            },
          );
          if (done.ok) onClose();
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <DialogTitle id="hide-comment-title">Hide this comment?</DialogTitle>
            <DialogContent>
              <DialogContentText sx={{ mb: 2 }}>
                Members will see that an admin hid it. The author is told your reason.
              </DialogContentText>
              <FormikTextField
                name="reason"
                label="Reason"
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" color="error" variant="contained" disabled={isSubmitting}>
                Hide comment
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
