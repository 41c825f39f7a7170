import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Formik } from 'formik';
import { useId } from 'react';
import { FormikRadioGroup } from '../../components/form/FormikRadioGroup';
import { useFormMutation } from '../../components/form/use-form-mutation';
import { callSchema, NOTE_MAX, stillNeeded } from './referee-rules';
import { callConsequenceForEach } from './stakes';
import { NO_CLEAR_OUTCOME, type Bet } from './types';
import { useRefereesControllerCallMutation } from '../../api/enhanced-api';

/**
 * The referee's "Call it": the outcome that happened or no clear outcome, a note of 10+ characters, and what
 * the call means for each player's money before it is sent. The players may appeal for a day after.
 */
export function CallDialog({ bet, onClose }: { bet: Bet; onClose: () => void }) {
  const [call, calling] = useRefereesControllerCallMutation();
  const submit = useFormMutation();
  const titleId = useId();
  const choiceId = useId();
  return (
    <Formik
      initialValues={{ result: '', note: '' }}
      validationSchema={callSchema}
      onSubmit={async (values, helpers) => {
        const done = await submit(
          values,
          helpers,
          () =>
            call({ id: bet.id, callBetDto: { result: values.result, note: values.note.trim() } }).unwrap(),
          {
            success: {
              title: 'Your call is in',
              description: 'The players see it now and may appeal it for a day.',
            },
            failure: { title: 'Error', fallback: 'Failed to send your call' },
          },
        );
        if (done.ok) onClose();
      }}
    >
      {({ values, errors, touched, getFieldProps, submitForm }) => {
        const needed = stillNeeded(values.note);
        const tooLong = values.note.trim().length > NOTE_MAX;
        const noteProblem = tooLong ? errors.note : values.note === '' && !touched.note ? null : needed;
        const ready = values.result !== '' && !needed && !tooLong;
        return (
          <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
            <DialogTitle id={titleId}>Call it: {bet.title}</DialogTitle>
            <DialogContent>
              <Stack spacing={1.5}>
                <Typography id={choiceId} sx={{ fontWeight: 700 }}>
                  What happened?
                </Typography>
                <FormikRadioGroup name="result" aria-labelledby={choiceId}>
                  {bet.outcomes.map((outcome) => (
                    <FormControlLabel key={outcome} value={outcome} control={<Radio />} label={outcome} />
                  ))}
                  <FormControlLabel value={NO_CLEAR_OUTCOME} control={<Radio />} label="No clear outcome" />
                </FormikRadioGroup>
                {values.result && (
                  <Alert severity="info" role="status">
                    {callConsequenceForEach(bet, values.result)} The players may appeal your call for a day;
                    nothing is paid before.
                  </Alert>
                )}
                <TextField
                  label="Your note to the players"
                  multiline
                  minRows={2}
                  {...getFieldProps('note')}
                  error={Boolean(noteProblem)}
                  helperText={
                    noteProblem ?? 'Why you called it so: the players and, on appeal, an admin read it'
                  }
                  slotProps={{
                    htmlInput: { maxLength: NOTE_MAX + 50 },
                    formHelperText: { role: noteProblem ? 'alert' : undefined },
                  }}
                />
              </Stack>
            </DialogContent>
            <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button onClick={onClose}>Cancel</Button>
              <Button
                variant="contained"
                disabled={!ready || calling.isLoading}
                onClick={() => void submitForm()}
              >
                {calling.isLoading ? 'Sending…' : 'Send my call'}
              </Button>
            </DialogActions>
          </Dialog>
        );
      }}
    </Formik>
  );
}
