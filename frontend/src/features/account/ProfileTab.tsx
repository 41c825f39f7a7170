import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Formik } from 'formik';
import { useState } from 'react';
import * as Yup from 'yup';
import { FormikTextField } from '../../components/form/FormikTextField';
import { useFormMutation } from '../../components/form/use-form-mutation';
import { nameRule, phoneRule } from '../../lib/form-rules';
import { formatMoney } from '../../lib/money';
import { formatDate } from '../../lib/time';
import type { User } from '../../session/types';
import { isUsState, US_STATES } from '../../lib/us-states';
import { ProfilePictureControl } from './ProfilePictureControl';
import {
  useAuthControllerOptionsQuery,
  useSettingsControllerUpdateProfileMutation,
} from '../../api/enhanced-api';

/** docs/product.md §10: the profile is checked with the sign-up rules (names required, a valid phone). */
export const profileSchema = Yup.object({
  firstName: nameRule('First name'),
  lastName: nameRule('Last name'),
  phoneNumber: phoneRule(),
  state: Yup.string(),
});
type ProfileValues = Yup.InferType<typeof profileSchema>;

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value || 'Not set'}</Typography>
    </Box>
  );
}

function ProfileFields({ user }: { user: User }) {
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormikTextField name="firstName" label="First Name" />
        <FormikTextField name="lastName" label="Last Name" />
      </Stack>
      <TextField
        label="Email"
        value={user.email}
        disabled
        helperText="Email cannot be changed"
        // A disabled field greys its note to 2.7:1; the note is still meant to be read.
        slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
      />
      <FormikTextField name="phoneNumber" label="Phone" />
      <FormikTextField name="state" select label="Location">
        {US_STATES.map((state) => (
          <MenuItem key={state} value={state}>
            {state}
          </MenuItem>
        ))}
      </FormikTextField>
    </Stack>
  );
}

/** Beside an unconfirmed address: plainly why no confirmation link comes when the server has no email. */
function EmailNotConfirmed() {
  const options = useAuthControllerOptionsQuery();
  if (!options.data) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {options.data.emailEnabled
        ? 'Not confirmed yet: open the link we emailed you.'
        : 'Not confirmed: email is not set up on this server.'}
    </Typography>
  );
}

function ProfileSummary({ user, editing }: { user: User; editing: boolean }) {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 3 }}>
      <ProfilePictureControl user={user} editing={editing} />
      <Box>
        <Typography variant="h6" component="p">
          {fullName || user.username}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
        {!user.isEmailVerified && <EmailNotConfirmed />}
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
          <Chip label={`Balance: $${formatMoney(user.balance ?? '0.00')}`} />
          <Chip label={`Member since ${formatDate(user.createdAt)}`} variant="outlined" />
        </Stack>
      </Box>
    </Stack>
  );
}

export function ProfileTab({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const [update, { isLoading }] = useSettingsControllerUpdateProfileMutation();
  const submit = useFormMutation();
  const draft: ProfileValues = {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phoneNumber: user.phoneNumber ?? '',
    state: user.state ?? '',
  };

  return (
    <Formik
      // A fresh draft from the saved profile each time editing starts.
      key={editing ? 'editing' : 'viewing'}
      initialValues={draft}
      validationSchema={profileSchema}
      onSubmit={async (values, helpers) => {
        const { firstName, lastName, phoneNumber = '', state = '' } = values;
        const done = await submit(
          values,
          helpers,
          () =>
            update({
              firstName: firstName.trim(),
              lastName: lastName.trim(),
              phoneNumber: phoneNumber.trim(),
              state: isUsState(state) ? state : undefined,
            }).unwrap(),
          {
            success: { title: 'Profile updated' },
            failure: { title: 'Update failed', fallback: 'Please try again.' },
          },
        );
        if (done.ok) setEditing(false);
      }}
    >
      {({ submitForm }) => (
        <Card>
          <CardHeader
            title="Profile Information"
            action={
              editing ? (
                <Stack direction="row" spacing={1}>
                  <Button onClick={() => setEditing(false)} disabled={isLoading}>
                    Cancel
                  </Button>
                  <Button variant="contained" onClick={() => void submitForm()} disabled={isLoading}>
                    {isLoading ? 'Saving...' : 'Save'}
                  </Button>
                </Stack>
              ) : (
                <Button variant="outlined" onClick={() => setEditing(true)}>
                  Edit Profile
                </Button>
              )
            }
            sx={{ flexWrap: 'wrap', gap: 1 }}
          />
          <CardContent>
            <ProfileSummary user={user} editing={editing} />
            {editing ? (
              <ProfileFields user={user} />
            ) : (
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
                <Field label="First Name" value={user.firstName} />
                <Field label="Last Name" value={user.lastName} />
                <Field label="Email" value={user.email} />
                <Field label="Phone" value={user.phoneNumber} />
                <Field label="Location" value={user.state} />
              </Box>
            )}
          </CardContent>
        </Card>
      )}
    </Formik>
  );
}
