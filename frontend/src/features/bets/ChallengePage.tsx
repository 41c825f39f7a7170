import { Box, Button, Chip, FormControlLabel, FormHelperText, Radio, Stack, Typography } from '@mui/material';
import { Formik, type FormikHelpers } from 'formik';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { FormikRadioGroup } from '../../components/form/FormikRadioGroup';
import { showServerFieldErrors } from '../../components/form/server-field-errors';
import { LinkShare } from '../../components/LinkShare';
import { LinkPage } from '../../components/LinkPage';
import { PageLoader } from '../../components/PageLoader';
import { useToast } from '../../components/toast/use-toast';
import { isApiError, serverMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/money';
import { forgetPendingLink, linkUrl, pendingLink } from '../../lib/pending-link';
import { timeLeft } from '../../lib/time';
import { SignUpChoice } from '../../session/SignUpChoice';
import { useAuth } from '../../session/use-auth';
import { acceptSchema } from './accept-schema';
import { type Challenge } from './challenges-api';
import { PotLinkJoin, PotLinkSignedOut } from './pot/PotLink';
import {
  useChallengesControllerAcceptMutation,
  useChallengesControllerLookupQuery,
} from '../../api/enhanced-api';

/** The bet's terms, as much as the link may show: title, stake, outcomes with the creator's pick, time left. */
function Terms({ challenge }: { challenge: Challenge }) {
  const name = challenge.creator.displayName;
  return (
    <Box
      sx={{
        width: '100%',
        p: 2,
        borderRadius: 2,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {challenge.title}
      </Typography>
      <Typography sx={{ mt: 0.5 }}>
        <Box component="strong" sx={{ fontSize: 24 }}>
          ${formatMoney(challenge.amount)}
        </Box>{' '}
        each
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {challenge.kind === 'pot'
          ? 'A group pot: whoever picks right splits it'
          : `The winner takes $${formatMoney(Number(challenge.amount) * 2)}`}
      </Typography>
      {challenge.status === 'open' && (challenge.joinBy ?? challenge.expiresAt) && (
        <Typography variant="body2" color="text.secondary">
          {timeLeft(challenge.joinBy ?? challenge.expiresAt)} to{' '}
          {challenge.kind === 'pot' ? 'join' : 'accept'}
        </Typography>
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
        Outcomes
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {challenge.outcomes.map((outcome) => (
          <Stack component="li" key={outcome} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{outcome}</Typography>
            {outcome === challenge.creatorPick && (
              <Chip size="small" color="primary" variant="outlined" label={`${name}’s pick`} />
            )}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

/** A message page: heading, text and actions, centred (every state that is not "accept it"). */
function Notice({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
      {children}
    </Stack>
  );
}

function BrokenLink({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const notFound = isApiError(error) && error.status === 404;
  return notFound ? (
    <Notice
      title="This challenge link doesn’t work"
      text={serverMessage(error, 'Check that you have the whole link.')}
    />
  ) : (
    <Notice title="We couldn’t open this challenge" text="Please check your connection and try again.">
      <Button variant="contained" onClick={onRetry}>
        Try again
      </Button>
    </Notice>
  );
}

const CLOSED: Record<
  Exclude<Challenge['status'], 'open'>,
  (c: Challenge, signedIn: boolean) => { title: string; text: string }
> = {
  taken: (c, signedIn) => ({
    title: 'This challenge was already taken',
    text: signedIn
      ? `Someone accepted ${c.creator.displayName}’s challenge. If it was you, the bet is on your dashboard.`
      : `Someone accepted ${c.creator.displayName}’s challenge first.`,
  }),
  cancelled: (c) => ({
    title: 'This challenge was cancelled',
    text: `${c.creator.displayName} called it off before anyone accepted it.`,
  }),
  expired: () => ({
    title: 'This challenge has expired',
    text: 'Nobody accepted it in time.',
  }),
};

function SignedOutChallenge({ challenge }: { challenge: Challenge }) {
  return (
    <Stack spacing={3} sx={{ alignItems: 'center' }}>
      <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>
        {challenge.creator.displayName} challenged you to a bet
      </Typography>
      <Terms challenge={challenge} />
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        Sign up to accept: new accounts start with $1,000.00 in virtual dollars. The first person to accept
        takes the bet.
      </Typography>
      <SignUpChoice link={{ kind: 'challenge', code: challenge.code }} signUpLabel="Sign Up to Accept" />
    </Stack>
  );
}

function OwnChallenge({ challenge }: { challenge: Challenge }) {
  // A pot's link is shared from the pot's own page, which says where it stands.
  if (challenge.kind === 'pot')
    return (
      <Notice title="This is your own pot" text="Friends you send the link to join with their pick.">
        <Button component={RouterLink} to="/" variant="contained">
          Go to Dashboard
        </Button>
      </Notice>
    );
  if (challenge.status !== 'open') {
    const text =
      challenge.status === 'taken'
        ? 'Someone accepted it: the bet is on your dashboard.'
        : challenge.status === 'cancelled'
          ? 'You cancelled it; your stake is back in your wallet.'
          : 'Nobody accepted it in time; your stake is back in your wallet.';
    return (
      <Notice title="This is your own challenge" text={text}>
        <Button component={RouterLink} to="/" variant="contained">
          Go to Dashboard
        </Button>
      </Notice>
    );
  }
  return (
    <Stack spacing={3} sx={{ alignItems: 'center' }}>
      <Notice
        title="This is your own challenge"
        text="Send the link to someone: the first person to accept it takes the bet."
      />
      <Terms challenge={challenge} />
      <LinkShare
        url={linkUrl('challenge', challenge.code)}
        qrAlt="QR code of your challenge link"
        shareTitle={challenge.title}
        shareText={`I bet $${formatMoney(challenge.amount)}: ${challenge.title}. Take me on?`}
        copiedTitle="Challenge link copied"
        copiedDescription="Send it to someone: the first to accept it takes the bet."
        testId="challenge-link"
      />
      <Button component={RouterLink} to="/" variant="text">
        Go to Dashboard
      </Button>
    </Stack>
  );
}

function AcceptChallenge({ challenge, onChanged }: { challenge: Challenge; onChanged: () => void }) {
  const choices = challenge.outcomes.filter((outcome) => outcome !== challenge.creatorPick);
  const [accept, { isLoading }] = useChallengesControllerAcceptMutation();
  const navigate = useNavigate();
  const toast = useToast();
  const name = challenge.creator.displayName;

  const submit = async (
    values: { opponentPick: string },
    helpers: FormikHelpers<{ opponentPick: string }>,
  ) => {
    const pick = values.opponentPick;
    try {
      await accept({ code: challenge.code, acceptBetDto: { opponentPick: pick } }).unwrap();
      toast({
        title: 'Challenge Accepted!',
        description: `You bet $${formatMoney(challenge.amount)} on “${pick}” against ${name}. Good luck!`,
        variant: 'success',
      });
      void navigate('/');
    } catch (error) {
      const taken = isApiError(error) && error.status === 409;
      showServerFieldErrors(error, values, helpers);
      toast({
        title: taken ? 'Too late' : 'Could not accept the challenge',
        description: serverMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
      if (taken) onChanged();
    }
  };

  return (
    <Formik
      initialValues={{ opponentPick: choices.length === 1 ? (choices[0] ?? '') : '' }}
      validationSchema={acceptSchema(challenge.creatorPick)}
      validateOnBlur={false}
      onSubmit={submit}
    >
      {({ errors, submitCount, submitForm }) => (
        <Stack spacing={3} sx={{ alignItems: 'center' }}>
          <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>
            {name} challenged you to a bet
          </Typography>
          <Terms challenge={challenge} />
          <Box sx={{ width: '100%' }}>
            <Typography id="challenge-pick-label" sx={{ fontWeight: 700 }}>
              Your pick
            </Typography>
            <FormikRadioGroup name="opponentPick" aria-labelledby="challenge-pick-label">
              {choices.map((outcome) => (
                <FormControlLabel key={outcome} value={outcome} control={<Radio />} label={outcome} />
              ))}
            </FormikRadioGroup>
            {submitCount > 0 && errors.opponentPick && (
              <FormHelperText error role="alert">
                {errors.opponentPick}
              </FormHelperText>
            )}
          </Box>
          <Button
            variant="contained"
            size="large"
            fullWidth
            disabled={isLoading}
            onClick={() => void submitForm()}
            sx={{ maxWidth: 360 }}
          >
            {isLoading ? 'Accepting…' : `Accept for $${formatMoney(challenge.amount)}`}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            Your stake is held until the bet is settled. You both report who won.
          </Typography>
        </Stack>
      )}
    </Formik>
  );
}

/** /c/:code — an open challenge's link, signed in or out (docs/product.md, "Open challenge links"). */
export default function ChallengePage() {
  const { code = '' } = useParams();
  const { user } = useAuth();
  const challenge = useChallengesControllerLookupQuery(code);
  // Back from signing up or in (or the link failed): nothing more to take the visitor back to.
  useEffect(() => {
    if ((user || challenge.error) && pendingLink('challenge') === code) forgetPendingLink('challenge');
  }, [user, challenge.error, code]);
  const data = challenge.data;
  const refetch = () => void challenge.refetch();
  let body: ReactNode;
  if (challenge.isLoading) body = <PageLoader label="Loading challenge" />;
  else if (challenge.error || !data) body = <BrokenLink error={challenge.error} onRetry={refetch} />;
  else if (user && data.creator.id === user.id) body = <OwnChallenge challenge={data} />;
  else if (data.status !== 'open') {
    const { title, text } = CLOSED[data.status](data, Boolean(user));
    body = (
      <Stack spacing={3} sx={{ alignItems: 'center' }}>
        <Notice title={title} text={text} />
        <Terms challenge={data} />
        <Button component={RouterLink} to="/" variant="contained">
          {user ? 'Go to Dashboard' : 'Discover Betwixt'}
        </Button>
      </Stack>
    );
  } else if (data.kind === 'pot') {
    // A pot's link: any pick, friends of its creator only.
    const terms = <Terms challenge={data} />;
    body = user ? (
      <PotLinkJoin challenge={data} terms={terms} />
    ) : (
      <PotLinkSignedOut challenge={data} terms={terms} />
    );
  } else if (user) body = <AcceptChallenge challenge={data} onChanged={refetch} />;
  else body = <SignedOutChallenge challenge={data} />;

  return <LinkPage signedIn={Boolean(user)}>{body}</LinkPage>;
}
