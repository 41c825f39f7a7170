import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Radio,
  Stack,
} from '@mui/material';
import { Form, Formik } from 'formik';
import * as Yup from 'yup';
import { NO_CLEAR_OUTCOME, NO_CLEAR_OUTCOME_RESULT } from '../../api/outcomes';
import { FormikRadioGroup } from '../../components/form/FormikRadioGroup';
import { FormikTextField } from '../../components/form/FormikTextField';
import { useFormMutation } from '../../components/form/use-form-mutation';
import type { Bet } from './admin-api';
import {
  useBetsControllerAdminResolveMutation,
  useBetsControllerEditResolutionMutation,
} from '../../api/enhanced-api';

const CHOOSE = 'Choose one of the outcomes, or no clear outcome';

export const potDecisionSchema = Yup.object({
  outcome: Yup.string().required(CHOOSE),
  reason: Yup.string()
    .trim()
    .min(10, 'Resolution must be at least 10 characters')
    .max(2000, 'Resolution must be at most 2000 characters')
    .required('Resolution must be at least 10 characters'),
});

/** A decision in words, for the confirmation and the lists. */
export function outcomeInWords(outcome: string | null): string {
  if (!outcome) return '—';
  return outcome === NO_CLEAR_OUTCOME || outcome === NO_CLEAR_OUTCOME_RESULT
    ? 'No clear outcome (every stake back)'
    : outcome;
}

/**
 * An admin decides a disputed group pot (or changes an earlier decision): the outcome that happened, or no
 * clear outcome, with a reason every player sees. Changing one reverses the payouts and pays again.
 */
export function PotDecisionDialog({
  bet,
  mode,
  onClose,
}: {
  bet: Bet;
  mode: 'resolve' | 'edit';
  onClose: () => void;
}) {
  const [resolve] = useBetsControllerAdminResolveMutation();
  const [edit] = useBetsControllerEditResolutionMutation();
  const submit = useFormMutation();
  const title = mode === 'resolve' ? 'Decide the pot' : 'Change the decision';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="pot-decision-title">
      <DialogTitle id="pot-decision-title">{title}</DialogTitle>
      <Formik
        initialValues={{ outcome: '', reason: '' }}
        validationSchema={potDecisionSchema}
        validateOnBlur={false}
        onSubmit={async (values, helpers) => {
          if (!window.confirm(`Decide "${bet.title}": ${outcomeInWords(values.outcome)}?`)) return;
          const reason = values.reason.trim();
          const done = await submit(
            values,
            helpers,
            () =>
              mode === 'resolve'
                ? resolve({
                    id: bet.id,
                    adminResolveDto: { winnerId: null, outcome: values.outcome, resolution: reason },
                  }).unwrap()
                : edit({
                    id: bet.id,
                    editResolutionDto: { winnerId: null, outcome: values.outcome, reason },
                  }).unwrap(),
            {
              success: {
                title: mode === 'resolve' ? 'Dispute Resolved' : 'Resolution Updated',
                description: 'Every player has been paid by your decision',
                variant: 'default',
              },
              failure: { title: 'Error', fallback: 'Failed to decide the pot' },
            },
          );
          if (done.ok) onClose();
        }}
      >
        {({ isSubmitting, errors, submitCount }) => (
          <Form noValidate>
            <DialogContent>
              <Stack spacing={2}>
                <DialogContentText>
                  {bet.title}: every player will see your reason, and it is kept in the audit trail.
                </DialogContentText>
                <FormikRadioGroup name="outcome" aria-label="What happened">
                  {bet.outcomes.map((outcome) => (
                    <FormControlLabel
                      key={outcome}
                      value={outcome}
                      control={<Radio />}
                      label={`${outcome} happened`}
                      disabled={mode === 'edit' && outcome === bet.finalResult}
                    />
                  ))}
                  <FormControlLabel
                    value={NO_CLEAR_OUTCOME}
                    control={<Radio />}
                    label="No clear outcome: every stake back"
                    disabled={mode === 'edit' && bet.finalResult === NO_CLEAR_OUTCOME_RESULT}
                  />
                </FormikRadioGroup>
                {submitCount > 0 && errors.outcome && (
                  <FormHelperText error role="alert">
                    {errors.outcome}
                  </FormHelperText>
                )}
                <FormikTextField
                  name="reason"
                  label={mode === 'resolve' ? 'Resolution' : 'Reason for Change'}
                  multiline
                  minRows={3}
                  required
                  helperText="Why you decided this way"
                />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? 'Saving...' : mode === 'resolve' ? 'Resolve Dispute' : 'Update Resolution'}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
