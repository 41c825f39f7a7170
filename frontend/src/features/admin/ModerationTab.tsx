import { MenuItem } from '@mui/material';
import * as Yup from 'yup';
import { FormikTextField } from '../../components/form/FormikTextField';
import { useFormMutation } from '../../components/form/use-form-mutation';
import { type ModerationAction } from './admin-api';
import { adminUserRules, AdminUserForm, FILL_IN_ALL, SUMMARISED } from './AdminUserForm';
import { useAdminControllerModerateMutation } from '../../api/enhanced-api';

type ModerationKind = ModerationAction['action'];
const MODERATION_KINDS: { value: ModerationKind; label: string }[] = [
  { value: 'warn', label: 'Warn' },
  { value: 'suspend', label: 'Suspend' },
  { value: 'unsuspend', label: 'Unsuspend' },
  { value: 'ban', label: 'Ban' },
  { value: 'unban', label: 'Unban' },
];

type ModerationValues = { userId: string; action: ModerationKind | ''; duration: string; reason: string };
const EMPTY: ModerationValues = { userId: '', action: '', duration: '', reason: '' };

/** docs/product.md §5 Moderation: the duration is optional and taken only as a whole number of days. */
export const moderationSchema = Yup.object({
  ...adminUserRules,
  action: Yup.mixed<ModerationKind | ''>()
    .oneOf(
      MODERATION_KINDS.map((kind) => kind.value),
      FILL_IN_ALL,
    )
    .required(FILL_IN_ALL),
  // Taken as whole days when positive (anything else is left out); the server keeps at most ten years.
  duration: Yup.string().test(
    'at-most',
    'Duration must be at most 3650 days',
    (duration) => !(Number.parseInt(duration ?? '', 10) > 3650),
  ),
});

export function ModerationTab() {
  const [moderate] = useAdminControllerModerateMutation();
  const submit = useFormMutation();
  return (
    <AdminUserForm<ModerationValues>
      title="User Moderation"
      userLabel="User ID"
      initialValues={EMPTY}
      schema={moderationSchema}
      submitLabel="Apply Action"
      onSubmit={async (values, helpers) => {
        const { action } = values;
        if (!action) return; // the schema requires one, so Formik does not submit without it
        const days = Number.parseInt(values.duration, 10);
        const done = await submit(
          values,
          helpers,
          () =>
            moderate({
              userId: values.userId.trim(),
              action,
              reason: values.reason.trim(),
              ...(Number.isInteger(days) && days > 0 ? { duration: days } : {}),
            }).unwrap(),
          {
            success: {
              title: 'Moderation Action Applied',
              description: 'User moderation action has been successfully applied',
              variant: 'default',
            },
            failure: { title: 'Error', fallback: 'Failed to apply moderation action' },
          },
        );
        if (done.ok) helpers.resetForm({ values: EMPTY });
      }}
    >
      <FormikTextField name="action" select label="Action" summarised={SUMMARISED}>
        {MODERATION_KINDS.map((kind) => (
          <MenuItem key={kind.value} value={kind.value}>
            {kind.label}
          </MenuItem>
        ))}
      </FormikTextField>
      <FormikTextField name="duration" label="Duration (days, optional)" type="number" />
    </AdminUserForm>
  );
}
