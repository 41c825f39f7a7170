import { outcomeInWords } from './PotDecisionDialog';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  Stack,
} from '@mui/material';
import { Form, Formik } from 'formik';
import * as Yup from 'yup';
import { FormikRadioGroup } from '../../components/form/FormikRadioGroup';
import { FormikTextField } from '../../components/form/FormikTextField';
import { useFormMutation } from '../../components/form/use-form-mutation';
import type { Bet, BetParty } from './admin-api';
import { useBetsControllerAdminResolveMutation } from '../../api/enhanced-api';

const DRAW = 'draw';

/** docs/product.md §5 Dispute resolution, as the server checks it. */
export const resolveDisputeSchema = Yup.object({
  winner: Yup.string().required(),
  resolution: Yup.string()
    .trim()
    .min(10, 'Resolution must be at least 10 characters')
    .max(2000, 'Resolution must be at most 2000 characters')
    .required('Resolution must be at least 10 characters'),
});

/**
 * An admin decides a dispute: the creator, the opponent, or a draw (both stakes refunded), with a reason
 * of at least 10 characters that goes into the audit log and to both players.
 */
export function ResolveDisputeDialog({
  bet,
  initialWinner,
  nameOf,
  onClose,
}: {
  bet: Bet;
  initialWinner: string;
  nameOf: (party: BetParty | null | undefined) => string;
  onClose: () => void;
}) {
  const [resolve] = useBetsControllerAdminResolveMutation();
  const submit = useFormMutation();
  const partyOf = (winner: string) =>
    winner === bet.creatorId ? bet.creator : winner === bet.opponentId ? bet.opponent : null;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="resolve-title">
      <DialogTitle id="resolve-title">Resolve dispute</DialogTitle>
      <Formik
        initialValues={{ winner: initialWinner, resolution: '' }}
        validationSchema={resolveDisputeSchema}
        onSubmit={async (values, helpers) => {
          const { winner } = values;
          const decision =
            winner === DRAW ? 'as a draw (both stakes refunded)' : `in favor of ${nameOf(partyOf(winner))}`;
          if (!window.confirm(`Are you sure you want to resolve this dispute ${decision}?`)) return;
          const done = await submit(
            values,
            helpers,
            () =>
              resolve({
                id: bet.id,
                adminResolveDto: {
                  winnerId: winner === DRAW ? null : winner,
                  resolution: values.resolution.trim(),
                },
              }).unwrap(),
            {
              success: {
                title: 'Dispute Resolved',
                description: 'The disputed bet has been successfully resolved',
                variant: 'default',
              },
              failure: { title: 'Error', fallback: 'Failed to resolve dispute' },
            },
          );
          if (done.ok) onClose();
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <DialogContent>
              <Stack spacing={2}>
                <DialogContentText>
                  {bet.title}: both players will see your reason, and it is kept in the audit trail.
                </DialogContentText>
                {bet.call && (
                  <DialogContentText>
                    The referee called {outcomeInWords(bet.call.result)}: “{bet.call.note}”. Choosing its side
                    upholds the call; another overturns it.
                  </DialogContentText>
                )}
                <FormikRadioGroup name="winner" aria-label="Decision">
                  {[bet.creator, bet.opponent].map((party) =>
                    party ? (
                      <FormControlLabel
                        key={party.id}
                        value={party.id}
                        control={<Radio />}
                        label={`${nameOf(party)} wins (picked ${party.id === bet.creatorId ? bet.creatorPick : bet.opponentPick})`}
                      />
                    ) : null,
                  )}
                  <FormControlLabel value={DRAW} control={<Radio />} label="Draw: refund both stakes" />
                </FormikRadioGroup>
                <FormikTextField
                  name="resolution"
                  label="Resolution"
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
                {isSubmitting ? 'Resolving...' : 'Resolve Dispute'}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
