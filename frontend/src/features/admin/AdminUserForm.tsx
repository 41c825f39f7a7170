import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Form, Formik, type FormikHelpers } from 'formik';
import type { ReactNode } from 'react';
import * as Yup from 'yup';
import { FormErrorAlert } from '../../components/form/FormErrorAlert';
import { FormikTextField } from '../../components/form/FormikTextField';

/** docs/product.md §5: the screen's words for a missing user, amount, action or reason. */
export const FILL_IN_ALL = 'Please fill in all required fields';
export const NOT_POSITIVE = 'Amount must be a positive number';
/** Said once above the button, as the screen always has, rather than under each field. */
export const SUMMARISED = [FILL_IN_ALL, NOT_POSITIVE] as const;

/** The server's words (BalanceAdjustmentDto, ModerationActionDto, EditResolutionDto) for a reason's length. */
export const REASON_MIN_MESSAGE = 'Reason must be at least 10 characters';
export const REASON_MAX_MESSAGE = 'Reason must be at most 2000 characters';

/** A reason an admin gives: 10 to 2000 characters once trimmed, as the server takes it. */
export const reasonRule = (missing: string) =>
  Yup.string().trim().required(missing).min(10, REASON_MIN_MESSAGE).max(2000, REASON_MAX_MESSAGE);

/** The user and reason every admin action on a person asks for, with the server's limits. */
export const adminUserRules = {
  userId: Yup.string().trim().required(FILL_IN_ALL).max(64, 'User ID is required'),
  reason: reasonRule(FILL_IN_ALL),
};

/**
 * The shape of the Balance and Moderation tabs: a card with the person (id or username), the action's own
 * fields, a reason, and one button ('Processing...' while the server works).
 */
export function AdminUserForm<Values extends { userId: string; reason: string }>({
  title,
  userLabel,
  initialValues,
  schema,
  submitLabel,
  onSubmit,
  children,
}: {
  title: string;
  userLabel: string;
  initialValues: Values;
  schema: Yup.ObjectSchema<Partial<Values>>;
  submitLabel: string;
  onSubmit: (values: Values, helpers: FormikHelpers<Values>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Formik initialValues={initialValues} validationSchema={schema} onSubmit={onSubmit}>
          {({ isSubmitting }) => (
            <Stack component={Form} noValidate spacing={2} sx={{ maxWidth: 480 }}>
              <FormikTextField name="userId" label={userLabel} summarised={SUMMARISED} />
              {children}
              <FormikTextField name="reason" label="Reason" multiline minRows={2} summarised={SUMMARISED} />
              <FormErrorAlert messages={SUMMARISED} />
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? 'Processing...' : submitLabel}
              </Button>
            </Stack>
          )}
        </Formik>
      </CardContent>
    </Card>
  );
}
