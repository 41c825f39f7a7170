import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import {
  AppBar,
  Box,
  Container,
  Dialog,
  IconButton,
  Step,
  StepLabel,
  Stepper,
  Toolbar,
  Typography,
} from '@mui/material';
import { Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { AmountStep, DetailsStep, ReviewStep } from './BetTermsSteps';
import { ChooseOpponentStep } from './ChooseOpponentStep';
import { PostInCircleField } from './PostInCircleField';
import { BetCreated, ChallengeLinkReady } from './CreateBetDone';
import { createBetSchema, EMPTY_BET, rematchTerms, type CreateBetValues } from './create-bet-schema';
import { CreatePotFlow } from './pot/CreatePotFlow';
import { displayName } from './types';
import { useSendBet, type Opponent } from './use-send-bet';
import {
  useBetsControllerHistoryQuery,
  useBetsControllerPendingQuery,
  useFriendsControllerListQuery,
  useWalletControllerSummaryQuery,
} from '../../api/enhanced-api';

const STEPS = ['Challenge Someone', 'Set Amount', 'Bet Details', 'Review Bet'];
export const SUCCESS_SCREEN_MS = 2000;

const NOBODY: Opponent = { person: null, asLink: false };
const AS_LINK: Opponent = { person: null, asLink: true };

/** The flow's top bar: Back (from step 2 on, until the bet exists), the title, and Close. */
function FlowBar({ onBack, onClose }: { onBack?: () => void; onClose: () => void }) {
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar>
        {onBack ? (
          <IconButton edge="start" aria-label="Back" onClick={onBack}>
            <ArrowBackIcon />
          </IconButton>
        ) : null}
        <Typography id="create-bet-title" variant="h6" component="h2" sx={{ flexGrow: 1, ml: 1 }}>
          Create New Bet
        </Typography>
        <IconButton edge="end" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Toolbar>
    </AppBar>
  );
}

/** Where the person is: the four steps (named from 600 px up) and the current step's heading. */
function FlowProgress({ step }: { step: number }) {
  return (
    <>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {label}
              </Box>
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="h5" component="h2" gutterBottom>
        {STEPS[step]}
      </Typography>
    </>
  );
}

/** docs/product.md §2 Bet creation: full screen, four steps, hold to confirm, then 'Bet Created!'. */
export function CreateBetFlow({
  open,
  onClose,
  challengerId,
  rematch = false,
  asLink = false,
}: {
  open: boolean;
  onClose: () => void;
  challengerId?: string | null;
  /** Start from the terms of the last finished bet with challengerId. */
  rematch?: boolean;
  /** Start at step 2 with "Send as a link" chosen. */
  asLink?: boolean;
}) {
  const [step, setStep] = useState(asLink ? 1 : 0);
  const [query, setQuery] = useState('');
  const [opponent, setOpponent] = useState<Opponent>(asLink ? AS_LINK : NOBODY);
  /** Set once the bet exists; for an open challenge, the link's code (the share step shows it). */
  const [created, setCreated] = useState<{ linkCode: string | null } | null>(null);
  const [holdKey, setHoldKey] = useState(0);
  const [potOpen, setPotOpen] = useState(false);
  const { send, sending } = useSendBet();
  const pending = useBetsControllerPendingQuery({}, { skip: !open });
  const friends = useFriendsControllerListQuery({}, { skip: !open });
  const wallet = useWalletControllerSummaryQuery(undefined, { skip: !open });
  const available = wallet.data?.available;
  // The newest finished bet with this person, whose terms a rematch starts from.
  const lastBet = useBetsControllerHistoryQuery(
    { status: 'completed', opponentId: challengerId ?? '', limit: 1 },
    { skip: !open || !rematch || !challengerId },
  ).data?.[0];
  // The form starts over from the last bet's terms once they arrive (Formik compares them by value).
  const initialValues = lastBet ? rematchTerms(lastBet) : EMPTY_BET;

  // A friend chosen on the friends page (?challenger=) starts the flow at step 2 with them picked.
  const preselected =
    !opponent.person && !opponent.asLink && challengerId
      ? friends.data?.items.find((person) => person.id === challengerId)
      : undefined;
  if (preselected) {
    setOpponent({ person: preselected, asLink: false });
    setStep(1);
  }

  const close = (resetForm: () => void) => {
    setStep(0);
    setQuery('');
    setOpponent(NOBODY);
    setCreated(null);
    resetForm();
    onClose();
  };

  const onSubmit = async (values: CreateBetValues, helpers: FormikHelpers<CreateBetValues>) => {
    const done = await send(values, helpers, opponent);
    if (!done.ok) {
      setHoldKey((key) => key + 1);
      return;
    }
    setCreated({ linkCode: done.value.challengeCode ?? null });
    // The link is the point: its share step stays until the creator is done with it.
    if (!opponent.asLink)
      setTimeout(() => {
        void pending.refetch();
        close(helpers.resetForm);
      }, SUCCESS_SCREEN_MS);
  };

  const opponentName = opponent.asLink ? 'whoever accepts your link first' : displayName(opponent.person);

  // "Start a group pot" hands over to the pot's own flow (bet/pot/CreatePotFlow).
  if (potOpen)
    return (
      <CreatePotFlow
        open={open}
        onClose={() => {
          setPotOpen(false);
          onClose();
        }}
      />
    );

  return (
    <Formik
      initialValues={initialValues}
      enableReinitialize
      validationSchema={createBetSchema(available)}
      onSubmit={onSubmit}
    >
      {({ values, resetForm }) => (
        <Dialog fullScreen open={open} onClose={() => close(resetForm)} aria-labelledby="create-bet-title">
          <FlowBar
            onBack={step > 0 && !created ? () => setStep(step - 1) : undefined}
            onClose={() => close(resetForm)}
          />
          <Container maxWidth="sm" sx={{ py: 3 }}>
            {created && opponent.asLink ? (
              <ChallengeLinkReady
                amount={values.amount}
                title={values.title.trim()}
                linkCode={created.linkCode}
                onDone={() => {
                  void pending.refetch();
                  close(resetForm);
                }}
              />
            ) : created ? (
              <BetCreated opponentName={displayName(opponent.person)} />
            ) : (
              <>
                <FlowProgress step={step} />
                {step === 0 && (
                  <ChooseOpponentStep
                    query={query}
                    onQuery={setQuery}
                    friends={friends.data?.items ?? []}
                    loadingFriends={friends.isLoading}
                    opponent={opponent.person}
                    onPickPerson={(person) => {
                      setOpponent({ person, asLink: false });
                      setStep(1);
                    }}
                    onPickLink={() => {
                      setOpponent({ person: null, asLink: true });
                      setStep(1);
                    }}
                    onPickPot={() => setPotOpen(true)}
                  />
                )}
                {step === 1 && (
                  <AmountStep
                    opponentName={opponentName}
                    available={available}
                    unevenStakes={!opponent.asLink}
                    onContinue={() => setStep(2)}
                  />
                )}
                {step === 2 && <DetailsStep onContinue={() => setStep(3)} />}
                {step === 3 && <PostInCircleField />}
                {step === 3 && (
                  <ReviewStep
                    opponentName={opponentName}
                    opponentId={opponent.person?.id ?? null}
                    asLink={opponent.asLink}
                    sending={sending}
                    holdKey={holdKey}
                    onStale={(back) => {
                      setHoldKey((key) => key + 1);
                      setStep(back);
                    }}
                  />
                )}
              </>
            )}
          </Container>
        </Dialog>
      )}
    </Formik>
  );
}
