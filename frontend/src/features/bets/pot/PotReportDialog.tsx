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
  Typography,
} from '@mui/material';
import { Formik } from 'formik';
import { useState } from 'react';
import { FormikRadioGroup } from '../../../components/form/FormikRadioGroup';
import { useMutationToast } from '../../../components/toast/use-mutation-toast';
import { useToast } from '../../../components/toast/use-toast';
import { formatMoney } from '../../../lib/money';
import { happenedSchema } from '../SubmitOutcomeDialog';
import { NO_CLEAR_OUTCOME, NO_CLEAR_OUTCOME_RESULT, type Bet } from '../types';
import { joinedSeats, potTotal, seatOf, splitIf } from './pot-result';
import { useBetsControllerSubmitResultMutation } from '../../../api/enhanced-api';

/** What a pot report means in money for the reporter, said before it is sent. */
export function potReportConsequence(bet: Bet, viewerId: string, happened: string): string {
  const pot = `$${formatMoney(potTotal(bet))}`;
  const others = joinedSeats(bet).filter((seat) => seat.userId !== viewerId && seat.result !== null);
  const wire = happened === NO_CLEAR_OUTCOME ? NO_CLEAR_OUTCOME_RESULT : happened;
  const differs = others.find((seat) => seat.result !== wire);
  if (differs)
    return `Someone reported ${differs.result === NO_CLEAR_OUTCOME_RESULT ? 'no clear outcome' : differs.result}. A different report puts the pot in dispute: an admin decides, and every stake stays in escrow until then.`;
  if (happened === NO_CLEAR_OUTCOME)
    return 'No clear outcome: every stake comes back once all players agree.';
  const shares = splitIf(bet, happened);
  if (shares.size === 0) return `Nobody picked ${happened}: every stake comes back once all players agree.`;
  const mine = shares.get(viewerId);
  const seat = seatOf(bet, viewerId);
  const winners = shares.size;
  return mine
    ? `You picked right: you get $${formatMoney(mine)} of the ${pot} pot (${winners} winner${winners === 1 ? '' : 's'}) once all players agree.`
    : `You lost your $${formatMoney(seat?.stake ?? bet.amount)}: the ${pot} pot is split among the ${winners} who picked ${happened} once all players agree.`;
}

/**
 * Reporting a pot's outcome: which outcome happened, or no clear outcome; then what it means in money; and
 * when another player reported something else, the confirmation that sends the pot to dispute.
 */
export function PotReportDialog({
  bet,
  viewerId,
  onClose,
}: {
  bet: Bet;
  viewerId: string;
  onClose: () => void;
}) {
  const [submitResult, { isLoading }] = useBetsControllerSubmitResultMutation();
  const [happened, setHappened] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const toast = useToast();
  const run = useMutationToast();
  const mine = seatOf(bet, viewerId);

  const send = async (confirmed: boolean) => {
    if (!happened) return;
    const response = await run(
      () => submitResult({ id: bet.id, submitResultDto: { result: happened, confirmed } }).unwrap(),
      {
        failure: { title: 'Error', fallback: 'Failed to submit outcome. Please try again.' },
      },
    );
    if (!response.ok) return;
    const { needsConfirmation, conflictingOutcome, status, message, balance } = response.value;
    if (needsConfirmation) {
      setConflict(conflictingOutcome ?? 'a different outcome');
      return;
    }
    toast({
      title: 'Outcome Submitted',
      description:
        status === 'completed'
          ? `${message ?? 'The pot is settled.'}${balance ? ` New balance: $${formatMoney(balance)}.` : ''}`
          : (message ?? 'Your outcome has been recorded.'),
      variant: 'success',
    });
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="pot-outcome-title">
      {conflict ? (
        <>
          <DialogTitle id="pot-outcome-title">Outcome Conflict</DialogTitle>
          <DialogContent>
            <Alert severity="warning">
              Another player reported <strong>{conflict}</strong>. If you submit a different outcome, this pot
              goes to an admin for review.
            </Alert>
          </DialogContent>
          <DialogActions sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, p: 2 }}>
            <Button variant="contained" color="warning" disabled={isLoading} onClick={() => void send(true)}>
              Yes, I&apos;m Sure - Create Dispute
            </Button>
            <Button onClick={() => setConflict(null)} disabled={isLoading}>
              Let Me Reconsider
            </Button>
          </DialogActions>
        </>
      ) : happened ? (
        <>
          <DialogTitle id="pot-outcome-title">Submit Outcome</DialogTitle>
          <DialogContent>
            <Stack spacing={1.5}>
              <Typography sx={{ fontWeight: 700 }}>{bet.title}</Typography>
              <Alert severity="info">{potReportConsequence(bet, viewerId, happened)}</Alert>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, p: 2 }}>
            <Button variant="contained" disabled={isLoading} onClick={() => void send(false)}>
              Send my report
            </Button>
            <Button onClick={() => setHappened(null)} disabled={isLoading}>
              Back
            </Button>
          </DialogActions>
        </>
      ) : (
        <Formik
          initialValues={{ happened: '' }}
          validationSchema={happenedSchema}
          onSubmit={(values) => setHappened(values.happened)}
        >
          {({ values, submitForm }) => (
            <>
              <DialogTitle id="pot-outcome-title">Submit Outcome</DialogTitle>
              <DialogContent>
                <Stack spacing={1.5}>
                  <Typography sx={{ fontWeight: 700 }}>{bet.title}</Typography>
                  <Typography variant="body2">
                    Your pick: <strong>{mine?.pick ?? '—'}</strong>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    Every player reports. When all reports agree the pot settles; if they differ, an admin
                    decides.
                  </Typography>
                  <Typography id="pot-happened" sx={{ fontWeight: 700 }}>
                    Which outcome happened?
                  </Typography>
                  <FormikRadioGroup name="happened" aria-labelledby="pot-happened">
                    {bet.outcomes.map((outcome) => (
                      <FormControlLabel key={outcome} value={outcome} control={<Radio />} label={outcome} />
                    ))}
                    <FormControlLabel value={NO_CLEAR_OUTCOME} control={<Radio />} label="No Clear Outcome" />
                  </FormikRadioGroup>
                </Stack>
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose}>Cancel</Button>
                <Button variant="contained" disabled={!values.happened} onClick={() => void submitForm()}>
                  Continue
                </Button>
              </DialogActions>
            </>
          )}
        </Formik>
      )}
    </Dialog>
  );
}
