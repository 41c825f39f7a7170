import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  FormHelperText,
  Radio,
  Stack,
  Typography,
} from '@mui/material';
import { Formik } from 'formik';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import * as Yup from 'yup';
import { FormikRadioGroup } from '../../../components/form/FormikRadioGroup';
import { useMutationToast } from '../../../components/toast/use-mutation-toast';
import { useToast } from '../../../components/toast/use-toast';
import { isApiError, serverMessage } from '../../../lib/errors';
import { formatMoney } from '../../../lib/money';
import { SignUpChoice } from '../../../session/SignUpChoice';
import { NO_PICK } from '../accept-schema';
import { type Challenge } from '../challenges-api';
import {
  useChallengesControllerAcceptMutation,
  useFriendsControllerRequestMutation,
} from '../../../api/enhanced-api';

const pickSchema = Yup.object({ pick: Yup.string().required(NO_PICK) });

/** A pot's link, signed out: what it is, and sign up (new accounts start with $1,000.00) to join. */
export function PotLinkSignedOut({ challenge, terms }: { challenge: Challenge; terms: React.ReactNode }) {
  return (
    <Stack spacing={3} sx={{ alignItems: 'center' }}>
      <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>
        {challenge.creator.displayName} invited you to a group pot
      </Typography>
      {terms}
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        Sign up to join: new accounts start with $1,000.00 in virtual dollars. Friends of{' '}
        {challenge.creator.displayName} join with their pick; whoever picks right splits the pot.
      </Typography>
      <SignUpChoice link={{ kind: 'challenge', code: challenge.code }} signUpLabel="Sign Up to Join" />
    </Stack>
  );
}

/**
 * A pot's link, signed in: join with any pick. Only friends of its creator may: anyone else is told so and
 * can send the creator a friend request, then join once it is accepted.
 */
export function PotLinkJoin({ challenge, terms }: { challenge: Challenge; terms: React.ReactNode }) {
  const [accept, { isLoading }] = useChallengesControllerAcceptMutation();
  const [requestFriend, requesting] = useFriendsControllerRequestMutation();
  const [notFriend, setNotFriend] = useState<string | null>(null);
  const [requested, setRequested] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  const run = useMutationToast();
  const name = challenge.creator.displayName;
  const stake = formatMoney(challenge.amount);

  const join = async (pick: string) => {
    try {
      await accept({ code: challenge.code, acceptBetDto: { opponentPick: pick } }).unwrap();
      toast({
        title: 'You are in the pot!',
        description: `Your $${stake} stake on “${pick}” is held until the pot settles.`,
        variant: 'success',
      });
      void navigate('/');
    } catch (error) {
      if (isApiError(error) && error.status === 403) {
        setNotFriend(serverMessage(error, `Only friends of ${name} can join this pot.`));
        return;
      }
      toast({
        title: 'Could not join the pot',
        description: serverMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };
  const askToBeFriends = async () => {
    const done = await run(() => requestFriend({ addresseeId: challenge.creator.id }).unwrap(), {
      success: {
        title: 'Friend request sent',
        description: `Join once ${name} accepts.`,
        variant: 'default',
      },
      failure: { title: 'Error', fallback: 'Failed to send the friend request' },
    });
    if (done.ok) setRequested(true);
  };

  return (
    <Formik
      initialValues={{ pick: '' }}
      validationSchema={pickSchema}
      validateOnBlur={false}
      onSubmit={(values) => join(values.pick)}
    >
      {({ errors, submitCount, submitForm }) => (
        <Stack spacing={3} sx={{ alignItems: 'center' }}>
          <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>
            {name} invited you to a group pot
          </Typography>
          {terms}
          <Box sx={{ width: '100%' }}>
            <Typography id="pot-link-pick-label" sx={{ fontWeight: 700 }}>
              Your pick
            </Typography>
            <FormikRadioGroup name="pick" aria-labelledby="pot-link-pick-label">
              {challenge.outcomes.map((outcome) => (
                <FormControlLabel key={outcome} value={outcome} control={<Radio />} label={outcome} />
              ))}
            </FormikRadioGroup>
            {submitCount > 0 && errors.pick && (
              <FormHelperText error role="alert">
                {errors.pick}
              </FormHelperText>
            )}
          </Box>
          {notFriend && (
            <Alert
              severity="info"
              sx={{ width: '100%' }}
              action={
                requested ? undefined : (
                  <Button
                    color="inherit"
                    disabled={requesting.isLoading}
                    onClick={() => void askToBeFriends()}
                  >
                    Add friend
                  </Button>
                )
              }
            >
              {requested ? `Friend request sent: join once ${name} accepts.` : notFriend}
            </Alert>
          )}
          <Button
            variant="contained"
            size="large"
            fullWidth
            disabled={isLoading}
            onClick={() => void submitForm()}
            sx={{ maxWidth: 360 }}
          >
            {isLoading ? 'Joining…' : `Join for $${stake}`}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            Your stake is held until the pot settles. Every player reports the outcome.
          </Typography>
        </Stack>
      )}
    </Formik>
  );
}
