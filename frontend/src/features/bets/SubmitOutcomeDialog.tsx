import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  Stack,
  Typography,
} from '@mui/material';
import { Formik, useFormikContext } from 'formik';
import { useState } from 'react';
import * as Yup from 'yup';
import { FormikRadioGroup } from '../../components/form/FormikRadioGroup';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { useToast } from '../../components/toast/use-toast';
import { formatMoney } from '../../lib/money';
import { agreementOf, choiceForOutcome, consequenceOf, sides, type Choice } from './bet-result';
import { displayName, NO_CLEAR_OUTCOME, type Bet } from './types';
import { useBetsControllerSubmitResultMutation } from '../../api/enhanced-api';

/** A bet with more than two outcomes asks which one happened; Continue waits for an answer. */
export const happenedSchema = Yup.object({ happened: Yup.string().required('Which outcome happened?') });
type HappenedValues = Yup.InferType<typeof happenedSchema>;

const BOTH_MUST_REPORT = (
  <Typography variant="body2" color="text.secondary">
    Both users must submit their outcomes to resolve the bet. If outcomes don&apos;t match, it will go to
    admin review.
  </Typography>
);

/** The first view: WIN / LOSE / No Clear Outcome, or which of the bet's outcomes happened. */
function ChooseView({
  bet,
  viewerId,
  onChoose,
  onCancel,
}: {
  bet: Bet;
  viewerId: string;
  onChoose: (choice: Choice) => void;
  onCancel: () => void;
}) {
  const { values, submitForm } = useFormikContext<HappenedValues>();
  const { other, myPick, theirPick } = sides(bet, viewerId);
  return (
    <>
      <DialogTitle id="outcome-title">Submit Outcome</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <Typography sx={{ fontWeight: 700 }}>{bet.title}</Typography>
          <Typography variant="body2">
            Your pick: <strong>{myPick ?? '—'}</strong> · {displayName(other)}&apos;s pick:{' '}
            <strong>{theirPick ?? '—'}</strong>
          </Typography>
          {BOTH_MUST_REPORT}
          {bet.outcomes.length > 2 ? (
            <FormControl>
              <FormLabel id="outcome-happened">Which outcome happened?</FormLabel>
              <FormikRadioGroup name="happened" aria-labelledby="outcome-happened">
                {bet.outcomes.map((outcome) => (
                  <FormControlLabel key={outcome} value={outcome} control={<Radio />} label={outcome} />
                ))}
                <FormControlLabel value={NO_CLEAR_OUTCOME} control={<Radio />} label="No Clear Outcome" />
              </FormikRadioGroup>
              <Button
                variant="contained"
                sx={{ mt: 1 }}
                disabled={!values.happened}
                onClick={() => void submitForm()}
              >
                Continue
              </Button>
            </FormControl>
          ) : (
            <>
              <Button variant="contained" color="success" size="large" onClick={() => onChoose('WIN')}>
                WIN
              </Button>
              <Button variant="contained" color="error" size="large" onClick={() => onChoose('LOSE')}>
                LOSE
              </Button>
              <Button variant="outlined" size="large" onClick={() => onChoose(NO_CLEAR_OUTCOME)}>
                No Clear Outcome
              </Button>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
      </DialogActions>
    </>
  );
}

/** What the report means in money, before it is sent. */
function ConfirmView({
  bet,
  viewerId,
  choice,
  busy,
  onSend,
  onBack,
}: {
  bet: Bet;
  viewerId: string;
  choice: Choice;
  busy: boolean;
  onSend: () => void;
  onBack: () => void;
}) {
  return (
    <>
      <DialogTitle id="outcome-title">Submit Outcome</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <Typography sx={{ fontWeight: 700 }}>{bet.title}</Typography>
          <Alert
            severity={
              agreementOf(bet, viewerId, choice) === 'differs'
                ? 'warning'
                : choice === 'WIN'
                  ? 'success'
                  : choice === 'LOSE'
                    ? 'error'
                    : 'info'
            }
          >
            {consequenceOf(bet, viewerId, choice)}
          </Alert>
          {BOTH_MUST_REPORT}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, p: 2 }}>
        <Button variant="contained" disabled={busy} onClick={onSend}>
          Send my report
        </Button>
        <Button onClick={onBack} disabled={busy}>
          Back
        </Button>
      </DialogActions>
    </>
  );
}

/** The other side reported something else: confirm (a dispute) or reconsider. */
function ConflictView({
  otherName,
  theirs,
  busy,
  onConfirm,
  onReconsider,
}: {
  otherName: string;
  theirs: string;
  busy: boolean;
  onConfirm: () => void;
  onReconsider: () => void;
}) {
  return (
    <>
      <DialogTitle id="outcome-title">Outcome Conflict</DialogTitle>
      <DialogContent>
        <Alert severity="warning">
          {otherName} reported <strong>{theirs}</strong>. If you submit a different outcome, this bet goes to
          an admin for review.
        </Alert>
      </DialogContent>
      <DialogActions sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, p: 2 }}>
        <Button variant="contained" color="warning" disabled={busy} onClick={onConfirm}>
          Yes, I&apos;m Sure - Create Dispute
        </Button>
        <Button onClick={onReconsider} disabled={busy}>
          Let Me Reconsider
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * Submit Outcome (docs/product.md §2): WIN / LOSE / No Clear Outcome — or, when the bet has more than two
 * outcomes, which outcome happened — then a confirmation that says what the report means in money, and
 * the Outcome Conflict confirmation when the other side reported something else.
 */
export function SubmitOutcomeDialog({
  bet,
  viewerId,
  onClose,
}: {
  bet: Bet;
  viewerId: string;
  onClose: () => void;
}) {
  const [submit, { isLoading }] = useBetsControllerSubmitResultMutation();
  const [conflict, setConflict] = useState<{ choice: Choice; theirs: string } | null>(null);
  const [confirming, setConfirming] = useState<Choice | null>(null);
  const toast = useToast();
  const run = useMutationToast();
  const { other, otherId } = sides(bet, viewerId);

  const resultFor = (choice: Choice) =>
    choice === 'WIN' ? viewerId : choice === 'LOSE' ? (otherId ?? '') : NO_CLEAR_OUTCOME;
  const send = async (choice: Choice, confirmed: boolean) => {
    const response = await run(
      () => submit({ id: bet.id, submitResultDto: { result: resultFor(choice), confirmed } }).unwrap(),
      {
        failure: { title: 'Error', fallback: 'Failed to submit outcome. Please try again.' },
      },
    );
    if (!response.ok) return;
    const { needsConfirmation, conflictingOutcome, status, message, balance } = response.value;
    if (needsConfirmation) {
      setConflict({ choice, theirs: conflictingOutcome ?? 'a different result' });
      return;
    }
    toast({
      title: 'Outcome Submitted',
      description:
        status === 'completed'
          ? `${message ?? 'The bet is settled.'}${balance ? ` New balance: $${formatMoney(balance)}.` : ''}`
          : (message ?? 'Your outcome has been recorded.'),
      variant: 'success',
    });
    onClose();
  };

  return (
    <Formik
      initialValues={{ happened: '' }}
      validationSchema={happenedSchema}
      onSubmit={({ happened }) =>
        setConfirming(
          happened === NO_CLEAR_OUTCOME ? NO_CLEAR_OUTCOME : choiceForOutcome(bet, viewerId, happened),
        )
      }
    >
      <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="outcome-title">
        {conflict ? (
          <ConflictView
            otherName={displayName(other)}
            theirs={conflict.theirs}
            busy={isLoading}
            onConfirm={() => void send(conflict.choice, true)}
            onReconsider={() => setConflict(null)}
          />
        ) : confirming ? (
          <ConfirmView
            bet={bet}
            viewerId={viewerId}
            choice={confirming}
            busy={isLoading}
            onSend={() => void send(confirming, false)}
            onBack={() => setConfirming(null)}
          />
        ) : (
          <ChooseView bet={bet} viewerId={viewerId} onChoose={setConfirming} onCancel={onClose} />
        )}
      </Dialog>
    </Formik>
  );
}
