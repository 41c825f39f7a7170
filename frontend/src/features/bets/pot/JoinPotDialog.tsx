import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Radio,
  Stack,
  Typography,
} from '@mui/material';
import { Formik } from 'formik';
import { useNavigate } from 'react-router';
import * as Yup from 'yup';
import { FormikRadioGroup } from '../../../components/form/FormikRadioGroup';
import { useFormMutation } from '../../../components/form/use-form-mutation';
import { useMutationToast } from '../../../components/toast/use-mutation-toast';
import { formatMoney } from '../../../lib/money';
import { timeLeft } from '../../../lib/time';
import { NO_PICK } from '../accept-schema';
import { displayName, type Bet } from '../types';
import { joinedSeats, potTotal } from './pot-result';
import { useBetsControllerDeclineMutation, useBetsControllerJoinMutation } from '../../../api/enhanced-api';

const joinSchema = Yup.object({ pick: Yup.string().required(NO_PICK) });

/** Who picked what so far, in words: "Maya: Reds · Sam: Blues". */
export function picksSoFar(bet: Bet): string {
  return joinedSeats(bet)
    .map((seat) => `${displayName(seat.person)}: ${seat.pick ?? '—'}`)
    .join(' · ');
}

/** An invitee joins a pot with any pick (several may share one): their stake is held. Or declines. */
export function JoinPotDialog({ bet, onClose }: { bet: Bet; onClose: () => void }) {
  const [join, joining] = useBetsControllerJoinMutation();
  const [decline, declining] = useBetsControllerDeclineMutation();
  const run = useMutationToast();
  const navigate = useNavigate();
  const submit = useFormMutation();
  const busy = joining.isLoading || declining.isLoading;
  const stake = formatMoney(bet.amount);
  const onDecline = async () => {
    const done = await run(() => decline(bet.id).unwrap(), {
      success: { title: 'Invitation declined', variant: 'default' },
      failure: { title: 'Error', fallback: 'Failed to decline the invitation' },
    });
    if (!done.ok) return;
    onClose();
    // Declined, the pot is no longer theirs to see: from its page, back to the dashboard.
    void navigate('/');
  };
  return (
    <Formik
      initialValues={{ pick: '' }}
      validationSchema={joinSchema}
      validateOnBlur={false}
      onSubmit={async (values, helpers) => {
        const done = await submit(
          values,
          helpers,
          () => join({ id: bet.id, joinPotDto: { pick: values.pick } }).unwrap(),
          {
            success: {
              title: 'You are in the pot!',
              description: `Your $${stake} stake on “${values.pick}” is held until the pot settles.`,
            },
            failure: { title: 'Could not join the pot', fallback: 'Please try again.' },
          },
        );
        if (done.ok) onClose();
      }}
    >
      {({ errors, submitCount, submitForm }) => (
        <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="join-pot-title">
          <DialogTitle id="join-pot-title" sx={{ overflowWrap: 'anywhere' }}>
            {bet.title}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={1.5}>
              <Typography>
                <strong>{displayName(bet.creator)}</strong> invited you to a group pot:{' '}
                <strong>${stake}</strong> each, whoever picks right splits the pot.
              </Typography>
              <Typography color="text.secondary">
                {joinedSeats(bet).length} in so far, ${formatMoney(potTotal(bet))} in the pot ·{' '}
                {timeLeft(bet.joinBy)} to join
              </Typography>
              {bet.description && <Typography>{bet.description}</Typography>}
              <Typography variant="body2">Picks so far: {picksSoFar(bet)}</Typography>
              <Typography id="pot-pick-label" sx={{ fontWeight: 700 }}>
                Your prediction
              </Typography>
              <FormikRadioGroup name="pick" aria-labelledby="pot-pick-label">
                {bet.outcomes.map((outcome) => (
                  <FormControlLabel key={outcome} value={outcome} control={<Radio />} label={outcome} />
                ))}
              </FormikRadioGroup>
              {submitCount > 0 && errors.pick && (
                <FormHelperText error role="alert">
                  {errors.pick}
                </FormHelperText>
              )}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={() => void onDecline()} disabled={busy} color="error">
              Decline
            </Button>
            <Button onClick={() => void submitForm()} disabled={busy} variant="contained">
              {joining.isLoading ? 'Joining...' : `Join for $${stake}`}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Formik>
  );
}
