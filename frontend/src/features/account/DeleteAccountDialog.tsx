import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { Form, Formik } from 'formik';
import * as Yup from 'yup';
import { useAppDispatch } from '../../store/hooks';
import { FormikTextField } from '../../components/form/FormikTextField';
import { useFormMutation } from '../../components/form/use-form-mutation';
import { logout } from '../../session/logout';
import { useSettingsControllerDeleteAccountMutation } from '../../api/enhanced-api';

/** The server's DeleteAccountDto: the word DELETE, and the password for an account that has one. */
export function deleteAccountSchema(needsPassword: boolean) {
  return Yup.object({
    password: needsPassword ? Yup.string().required('Password is required') : Yup.string(),
    confirm: Yup.string().required('Type DELETE to confirm').oneOf(['DELETE'], 'Type DELETE to confirm'),
  });
}

export function DeleteAccountDialog({
  open,
  onClose,
  needsPassword,
}: {
  open: boolean;
  onClose: () => void;
  needsPassword: boolean;
}) {
  const [remove] = useSettingsControllerDeleteAccountMutation();
  const dispatch = useAppDispatch();
  const submit = useFormMutation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Delete Account</DialogTitle>
      <Formik
        initialValues={{ password: '', confirm: '' }}
        validationSchema={deleteAccountSchema(needsPassword)}
        validateOnMount
        onSubmit={async (values, helpers) => {
          const done = await submit(
            values,
            helpers,
            () =>
              remove({ confirm: 'DELETE', ...(needsPassword ? { password: values.password } : {}) }).unwrap(),
            { failure: { title: 'Error', fallback: 'Failed to delete account' } },
          );
          if (done.ok) logout(dispatch);
        }}
      >
        {({ isSubmitting, isValid }) => (
          <Form noValidate>
            <DialogContent>
              <Stack spacing={2}>
                <Alert severity="warning">
                  Your open bets are cancelled and every stake refunded, your personal data is removed, and
                  you are signed out everywhere. This cannot be undone.
                </Alert>
                {needsPassword && <FormikTextField name="password" type="password" label="Password" />}
                <FormikTextField name="confirm" label='Type "DELETE" to confirm' />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Cancel</Button>
              <Button type="submit" color="error" variant="contained" disabled={isSubmitting || !isValid}>
                Delete Account
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
