import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { Formik } from 'formik';
import { useId } from 'react';
import { useFormMutation } from '../../components/form/use-form-mutation';
import { formatDateTime } from '../../lib/time';
import { APPEAL_MAX, appealSchema, stillNeeded } from './referee-rules';
import type { Bet } from './types';
import { useRefereesControllerAppealMutation } from '../../api/enhanced-api';

/** A player appeals the referee's call: their statement goes to an admin, who upholds or overturns it. */
export function AppealDialog({ bet, onClose }: { bet: Bet; onClose: () => void }) {
  const [appeal, appealing] = useRefereesControllerAppealMutation();
  const submit = useFormMutation();
  const titleId = useId();
  return (
    <Formik
      initialValues={{ statement: '' }}
      validationSchema={appealSchema}
      onSubmit={async (values, helpers) => {
        const done = await submit(
          values,
          helpers,
          () => appeal({ id: bet.id, appealDto: { statement: values.statement.trim() } }).unwrap(),
          {
            success: {
              title: 'Appeal sent',
              description: 'An admin decides; the stakes stay in escrow until then.',
            },
            failure: { title: 'Error', fallback: 'Failed to send your appeal' },
          },
        );
        if (done.ok) onClose();
      }}
    >
      {({ values, errors, touched, getFieldProps, submitForm }) => {
        const needed = stillNeeded(values.statement);
        const tooLong = values.statement.trim().length > APPEAL_MAX;
        const problem = tooLong
          ? errors.statement
          : values.statement === '' && !touched.statement
            ? null
            : needed;
        return (
          <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
            <DialogTitle id={titleId}>Appeal the call</DialogTitle>
            <DialogContent>
              <DialogContentText sx={{ mb: 2 }}>
                An admin reads the referee’s call and note beside your statement and upholds or overturns it.{' '}
                {bet.appealUntil && `You can appeal until ${formatDateTime(bet.appealUntil)}.`}
              </DialogContentText>
              <TextField
                label="Your statement for the admin"
                multiline
                minRows={3}
                fullWidth
                {...getFieldProps('statement')}
                error={Boolean(problem)}
                helperText={problem ?? 'What happened, and why the call is wrong'}
                slotProps={{
                  htmlInput: { maxLength: APPEAL_MAX + 50 },
                  formHelperText: { role: problem ? 'alert' : undefined },
                }}
              />
            </DialogContent>
            <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button onClick={onClose}>Cancel</Button>
              <Button
                variant="contained"
                color="warning"
                disabled={Boolean(needed) || tooLong || appealing.isLoading}
                onClick={() => void submitForm()}
              >
                {appealing.isLoading ? 'Sending…' : 'Send appeal'}
              </Button>
            </DialogActions>
          </Dialog>
        );
      }}
    </Formik>
  );
}
