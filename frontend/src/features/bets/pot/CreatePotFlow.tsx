import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import { AppBar, Container, Dialog, IconButton, Toolbar, Typography } from '@mui/material';
import { Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { useFormMutation } from '../../../components/form/use-form-mutation';
import { DetailsStep } from '../BetTermsSteps';
import { type PersonResult } from '../people-api';
import { PotPlayersStep } from './PotPlayersStep';
import { PotReady } from './PotReady';
import { PostInCircleField } from '../PostInCircleField';
import { PotReview } from './PotReview';
import { EMPTY_POT, MAX_INVITEES, potPayload, potSchema, type PotValues } from './pot-schema';
import { PotTermsStep } from './PotTermsStep';
import {
  useBetsControllerCreateMutation,
  useFriendsControllerListQuery,
  useWalletControllerSummaryQuery,
} from '../../../api/enhanced-api';

const STEPS = ['Invite Friends', 'Question and Stake', 'Outcomes', 'Review Pot'];

/**
 * "Start a group pot": invite 2 to 19 friends, the question and stake, the outcomes and your pick, then
 * hold to start; the done screen shares the pot's link. A full-screen dialog of its own, opened from the
 * create flow's first step.
 */
export function CreatePotFlow({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [step, setStep] = useState(0);
  const [query, setQuery] = useState('');
  const [invitees, setInvitees] = useState<PersonResult[]>([]);
  const [created, setCreated] = useState<{ id: number; linkCode: string | null } | null>(null);
  const [holdKey, setHoldKey] = useState(0);
  const friends = useFriendsControllerListQuery({}, { skip: !open });
  const wallet = useWalletControllerSummaryQuery(undefined, { skip: !open });
  const available = wallet.data?.available;
  const [createBet, { isLoading: sending }] = useBetsControllerCreateMutation();
  const submit = useFormMutation();

  const toggle = (person: PersonResult) =>
    setInvitees((chosen) =>
      chosen.some((one) => one.id === person.id)
        ? chosen.filter((one) => one.id !== person.id)
        : chosen.length < MAX_INVITEES
          ? [...chosen, person]
          : chosen,
    );

  const close = (resetForm: () => void) => {
    setStep(0);
    setQuery('');
    setInvitees([]);
    setCreated(null);
    resetForm();
    onClose();
  };

  const onSubmit = async (values: PotValues, helpers: FormikHelpers<PotValues>) => {
    const done = await submit(
      values,
      helpers,
      () =>
        createBet(
          potPayload(
            values,
            invitees.map((person) => person.id),
          ),
        ).unwrap(),
      { failure: { title: 'Error Starting the Pot', fallback: 'Please try again.' } },
    );
    if (!done.ok) {
      setHoldKey((key) => key + 1);
      return;
    }
    setCreated({ id: done.value.id, linkCode: done.value.challengeCode ?? null });
  };

  return (
    <Formik initialValues={EMPTY_POT} validationSchema={potSchema(available)} onSubmit={onSubmit}>
      {({ values, resetForm }) => (
        <Dialog fullScreen open={open} onClose={() => close(resetForm)} aria-labelledby="create-pot-title">
          <AppBar
            position="sticky"
            color="inherit"
            elevation={0}
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            <Toolbar>
              {step > 0 && !created ? (
                <IconButton edge="start" aria-label="Back" onClick={() => setStep(step - 1)}>
                  <ArrowBackIcon />
                </IconButton>
              ) : null}
              <Typography id="create-pot-title" variant="h6" component="h2" sx={{ flexGrow: 1, ml: 1 }}>
                Start a Group Pot
              </Typography>
              <IconButton edge="end" aria-label="Close" onClick={() => close(resetForm)}>
                <CloseIcon />
              </IconButton>
            </Toolbar>
          </AppBar>
          <Container maxWidth="sm" sx={{ py: 3 }}>
            {created ? (
              <PotReady
                betId={created.id}
                stake={values.amount}
                title={values.title.trim()}
                invited={invitees.length}
                linkCode={created.linkCode}
                onDone={() => close(resetForm)}
              />
            ) : (
              <>
                <Typography variant="overline" component="p" color="text.secondary">
                  Step {step + 1} of {STEPS.length}
                </Typography>
                <Typography variant="h5" component="h2" gutterBottom>
                  {STEPS[step]}
                </Typography>
                {step === 0 && (
                  <PotPlayersStep
                    query={query}
                    onQuery={setQuery}
                    friends={friends.data?.items ?? []}
                    loadingFriends={friends.isLoading}
                    chosen={invitees}
                    onToggle={toggle}
                    onContinue={() => setStep(1)}
                  />
                )}
                {step === 1 && (
                  <PotTermsStep
                    available={available}
                    players={invitees.length + 1}
                    onContinue={() => setStep(2)}
                  />
                )}
                {step === 2 && <DetailsStep onContinue={() => setStep(3)} next="Review Pot" />}
                {step === 3 && <PostInCircleField />}
                {step === 3 && (
                  <PotReview
                    invitees={invitees}
                    available={available}
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
