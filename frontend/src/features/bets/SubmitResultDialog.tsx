import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Formik } from 'formik';
import * as Yup from 'yup';
import { FormErrorAlert } from '../../components/form/FormErrorAlert';
import { FormikTextField } from '../../components/form/FormikTextField';
import { useFormMutation } from '../../components/form/use-form-mutation';
import { useToast } from '../../components/toast/use-toast';
import { NO_CLEAR_OUTCOME, NO_CLEAR_OUTCOME_RESULT, type Bet } from './types';
import { useBetsControllerSubmitResultMutation } from '../../api/enhanced-api';

/**
 * docs/product.md §2 "Submit Bet Result" (second variant): pick one of the bet's outcomes or no clear outcome.
 * Opened by the `openBetResult` window event; read-only once the bet has a final result.
 */
const NO_RESULT = 'Please select a result';
export const resultSchema = Yup.object({ result: Yup.string().required(NO_RESULT) });

export function SubmitResultDialog({ bet, onClose }: { bet: Bet; onClose: () => void }) {
  /** The other side reported something else: said in the same place as a missing result. */
  const [conflict, setConflict] = useState<string | null>(null);
  const [submit] = useBetsControllerSubmitResultMutation();
  const toast = useToast();
  const send = useFormMutation();
  const decided = Boolean(bet.finalResult);

  return (
    <Formik
      initialValues={{ result: decided ? (bet.finalResult ?? '') : '' }}
      validationSchema={resultSchema}
      validateOnBlur={false}
      onSubmit={async (values, helpers) => {
        const response = await send(
          values,
          helpers,
          () => submit({ id: bet.id, submitResultDto: { result: values.result, confirmed: false } }).unwrap(),
          { failure: { title: 'Failed to Submit Result', fallback: '' } },
        );
        if (!response.ok) return;
        if (response.value.needsConfirmation) {
          setConflict(
            `The other side reported ${response.value.conflictingOutcome ?? 'a different result'}. Use Submit Outcome on the bet to confirm a dispute.`,
          );
          return;
        }
        toast({ title: 'Result Submitted!' });
        onClose();
      }}
    >
      {({ isSubmitting, submitForm }) => (
        <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="result-title">
          <DialogTitle id="result-title">Submit Bet Result</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Typography sx={{ fontWeight: 700 }}>{bet.title}</Typography>
              <FormikTextField
                name="result"
                select
                label="Result"
                disabled={decided}
                fullWidth={false}
                summarised={[NO_RESULT]}
                onChange={() => setConflict(null)}
              >
                {bet.outcomes.map((outcome) => (
                  <MenuItem key={outcome} value={outcome}>
                    {outcome}
                  </MenuItem>
                ))}
                <MenuItem value={NO_CLEAR_OUTCOME}>No clear outcome</MenuItem>
                {decided && bet.finalResult && !bet.outcomes.includes(bet.finalResult) && (
                  <MenuItem value={bet.finalResult}>
                    {bet.finalResult === NO_CLEAR_OUTCOME_RESULT ? 'No clear outcome' : bet.finalResult}
                  </MenuItem>
                )}
              </FormikTextField>
              <FormErrorAlert messages={[NO_RESULT]} />
              {conflict && <Alert severity="error">{conflict}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" disabled={decided || isSubmitting} onClick={() => void submitForm()}>
              Submit Result
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Formik>
  );
}
