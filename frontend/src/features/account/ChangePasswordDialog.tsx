import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { Form, Formik } from 'formik';
import * as Yup from 'yup';
import { FormikTextField } from '../../components/form/FormikTextField';
import { useFormMutation } from '../../components/form/use-form-mutation';
import { storeAuth, storedToken } from '../../lib/auth-storage';
import { newPasswordRule, PASSWORD_MAX } from '../../lib/form-rules';
import { useSettingsControllerChangePasswordMutation } from '../../api/enhanced-api';

/** The server's ChangePasswordDto rules: the new password follows the sign-up rules. */
export const changePasswordSchema = Yup.object({
  currentPassword: Yup.string()
    .required('Current password is required')
    .max(PASSWORD_MAX, 'Current password is incorrect'),
  newPassword: newPasswordRule(),
});

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [change] = useSettingsControllerChangePasswordMutation();
  const submit = useFormMutation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Change Password</DialogTitle>
      <Formik
        initialValues={{ currentPassword: '', newPassword: '' }}
        validationSchema={changePasswordSchema}
        onSubmit={async (values, helpers) => {
          const changed = await submit(values, helpers, () => change(values).unwrap(), {
            success: { title: 'Password changed', description: 'Other devices have been signed out.' },
            failure: { title: 'Update failed', fallback: 'Please try again.' },
          });
          if (!changed.ok) return;
          // Every older session was signed out; keep this one with the new token.
          if (storedToken()) storeAuth(changed.value.token, changed.value.user);
          onClose();
        }}
      >
        {({ isSubmitting, values }) => (
          <Form noValidate>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                <FormikTextField
                  name="currentPassword"
                  type="password"
                  label="Current password"
                  autoComplete="current-password"
                />
                <FormikTextField
                  name="newPassword"
                  type="password"
                  label="New password"
                  autoComplete="new-password"
                  helperText="At least 8 characters with uppercase, lowercase, a number and one of @$!%*?&"
                />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Cancel</Button>
              <Button
                type="submit"
                variant="contained"
                disabled={isSubmitting || !values.currentPassword || !values.newPassword}
              >
                Change Password
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
