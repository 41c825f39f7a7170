import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  InputAdornment,
  Radio,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Formik } from 'formik';
import { useId } from 'react';
import { FormikRadioGroup } from '../../components/form/FormikRadioGroup';
import { useFormMutation } from '../../components/form/use-form-mutation';
import { formatMoney, isAmountInput } from '../../lib/money';
import { amountError, amountForWire } from './create-bet-rules';
import { MAX_COUNTER_ROUNDS, offerLine, opponentPickOffered, roundsLeft } from './stakes';
import { displayName, type Bet } from './types';
import { useRefereesControllerCounterMutation } from '../../api/enhanced-api';

/**
 * A counter-offer on a pending challenge: the stake the opponent would put in (the creator's stays), and for the
 * opponent optionally another pick. Its odds and what each side can win are said as the amount is typed.
 */
export function CounterDialog({
  bet,
  viewerId,
  onClose,
}: {
  bet: Bet;
  viewerId: string;
  onClose: () => void;
}) {
  const [counter, countering] = useRefereesControllerCounterMutation();
  const submit = useFormMutation();
  const titleId = useId();
  const pickId = useId();
  const isOpponent = bet.opponentId === viewerId;
  const others = bet.outcomes.filter((outcome) => outcome !== bet.creatorPick);
  const offered = opponentPickOffered(bet);
  const initialPick = offered ?? (others.length === 1 ? (others[0] ?? '') : '');
  const other = isOpponent ? bet.creator : bet.opponent;
  return (
    <Formik
      initialValues={{ opponentAmount: '', opponentPick: initialPick }}
      onSubmit={async (values, helpers) => {
        const done = await submit(
          values,
          helpers,
          () =>
            counter({
              id: bet.id,
              counterOfferDto: {
                opponentAmount: amountForWire(values.opponentAmount),
                ...(isOpponent && values.opponentPick ? { opponentPick: values.opponentPick } : {}),
              },
            }).unwrap(),
          {
            success: { title: 'Counter-offer sent', description: `${displayName(other)} answers it next.` },
            failure: { title: 'Error', fallback: 'Failed to send your counter-offer' },
          },
        );
        if (done.ok) onClose();
      }}
    >
      {({ values, setFieldValue, submitForm }) => {
        const typed = values.opponentAmount.trim();
        const problem = typed === '' ? null : (amountError(typed)?.replace('bet amount', 'stake') ?? null);
        const ready = typed !== '' && problem === null && values.opponentPick !== '';
        return (
          <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
            <DialogTitle id={titleId}>Counter-offer</DialogTitle>
            <DialogContent>
              <Stack spacing={1.5}>
                <Typography>
                  {isOpponent
                    ? `${displayName(bet.creator)} puts in $${formatMoney(bet.amount)}. Say what you put in against it.`
                    : `You put in $${formatMoney(bet.amount)}. Say what ${displayName(bet.opponent)} puts in against it.`}
                </Typography>
                <TextField
                  label={isOpponent ? 'Your stake' : 'Their stake'}
                  value={values.opponentAmount}
                  onChange={(event) =>
                    isAmountInput(event.target.value) &&
                    void setFieldValue('opponentAmount', event.target.value)
                  }
                  error={problem !== null}
                  helperText={
                    problem ??
                    (typed && Number(typed) > 0
                      ? `${offerLine(bet, amountForWire(typed), viewerId)}`
                      : `Round ${bet.offers?.length ? bet.offers.length + 1 : 1} of ${MAX_COUNTER_ROUNDS}`)
                  }
                  slotProps={{
                    htmlInput: { inputMode: 'decimal' },
                    input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                    formHelperText: { role: problem ? 'alert' : 'status' },
                  }}
                  autoFocus
                />
                {isOpponent && others.length > 1 && (
                  <>
                    <Typography id={pickId} sx={{ fontWeight: 700 }}>
                      Your prediction
                    </Typography>
                    <FormikRadioGroup name="opponentPick" aria-labelledby={pickId}>
                      {others.map((outcome) => (
                        <FormControlLabel key={outcome} value={outcome} control={<Radio />} label={outcome} />
                      ))}
                    </FormikRadioGroup>
                  </>
                )}
                {roundsLeft(bet) === 1 && (
                  <Alert severity="warning">
                    This is the last round: the other side can only accept or decline.
                  </Alert>
                )}
              </Stack>
            </DialogContent>
            <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button onClick={onClose}>Cancel</Button>
              <Button
                variant="contained"
                disabled={!ready || countering.isLoading}
                onClick={() => void submitForm()}
              >
                {countering.isLoading ? 'Sending…' : 'Send counter-offer'}
              </Button>
            </DialogActions>
          </Dialog>
        );
      }}
    </Formik>
  );
}
