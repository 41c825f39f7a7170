import {
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
import { FormErrorAlert } from '../../components/form/FormErrorAlert';
import { FormikRadioGroup } from '../../components/form/FormikRadioGroup';
import { useFormMutation } from '../../components/form/use-form-mutation';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { formatMoney } from '../../lib/money';
import { timeLeftRoundedUp } from '../../lib/time';
import { acceptSchema, NO_PICK, SAME_PICK } from './accept-schema';
import { isUneven, oddsText, opponentStakeOf } from './stakes';
import { displayName, type Bet } from './types';
import { useBetsControllerAcceptMutation, useBetsControllerDeclineMutation } from '../../api/enhanced-api';

const ACCEPT_MESSAGES = [NO_PICK, SAME_PICK];

/** docs/product.md §2 Bet acceptance dialog, §5 acceptance rules. */
export function AcceptBetDialog({ bet, onClose }: { bet: Bet; onClose: () => void }) {
  // The dialog is the opponent's: their own stake, and the creator's is what they can win.
  const mine = opponentStakeOf(bet);
  const theirs = bet.amount;
  const others = bet.outcomes.filter((outcome) => outcome !== bet.creatorPick);
  const [accept, accepting] = useBetsControllerAcceptMutation();
  const [decline, declining] = useBetsControllerDeclineMutation();
  const run = useMutationToast();
  const submit = useFormMutation();
  const busy = accepting.isLoading || declining.isLoading;
  const onDecline = async () => {
    const done = await run(() => decline(bet.id).unwrap(), {
      success: { title: 'Bet Declined', variant: 'default' },
      failure: { title: 'Error', fallback: 'Failed to decline bet' },
    });
    if (done.ok) onClose();
  };

  return (
    <Formik
      initialValues={{ opponentPick: others.length === 1 ? (others[0] ?? '') : '' }}
      validationSchema={acceptSchema(bet.creatorPick)}
      // The message answers the Accept press; picking again takes it away.
      validateOnBlur={false}
      onSubmit={async (values, helpers) => {
        const done = await submit(
          values,
          helpers,
          () => accept({ id: bet.id, acceptBetDto: { opponentPick: values.opponentPick } }).unwrap(),
          {
            success: { title: 'Bet Accepted!', description: `You are in for $${formatMoney(mine)}.` },
            failure: { title: 'Error', fallback: 'Failed to accept bet' },
          },
        );
        if (done.ok) onClose();
      }}
    >
      {({ submitForm }) => (
        <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="accept-title">
          <DialogTitle id="accept-title">{bet.title}</DialogTitle>
          <DialogContent>
            <Stack spacing={1.5}>
              <Typography>
                <strong>{displayName(bet.creator)}</strong> challenged you for{' '}
                <strong>${formatMoney(mine)}</strong>
                {isUneven(bet) && (
                  <>
                    {' '}
                    against their <strong>${formatMoney(theirs)}</strong>: you can win ${formatMoney(theirs)}{' '}
                    ({oddsText(mine, theirs)})
                  </>
                )}
              </Typography>
              {bet.resolutionType === 'referee' && (
                <Typography>
                  Referee: <strong>{displayName(bet.referee)}</strong> calls the outcome; any player may
                  appeal the call to an admin.
                </Typography>
              )}
              <Typography color="text.secondary">Time left: {timeLeftRoundedUp(bet.expiresAt)}</Typography>
              {bet.description && <Typography>{bet.description}</Typography>}
              <Typography>
                Challenger picked: <strong>{bet.creatorPick}</strong>
              </Typography>
              <Typography id="pick-label" sx={{ fontWeight: 700 }}>
                Your prediction
              </Typography>
              <FormikRadioGroup name="opponentPick" aria-labelledby="pick-label">
                {bet.outcomes.map((outcome) => (
                  <FormControlLabel
                    key={outcome}
                    value={outcome}
                    // The challenger's (disabled) pick stands outside the group's name: the dialog's focus trap
                    // takes the group's first radio as its Tab stop, and a disabled first one made Tab skip the
                    // whole group once focus had wrapped around (found by the keyboard-only journey).
                    control={
                      outcome === bet.creatorPick ? (
                        <Radio name={`bet-${bet.id}-challenger-pick`} />
                      ) : (
                        <Radio />
                      )
                    }
                    label={outcome === bet.creatorPick ? `${outcome} (challenger's pick)` : outcome}
                    disabled={outcome === bet.creatorPick}
                  />
                ))}
              </FormikRadioGroup>
              <FormErrorAlert messages={ACCEPT_MESSAGES} />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={() => void onDecline()} disabled={busy} color="error">
              Decline
            </Button>
            <Button onClick={() => void submitForm()} disabled={busy} variant="contained">
              {accepting.isLoading ? 'Accepting...' : 'Accept Challenge'}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Formik>
  );
}
