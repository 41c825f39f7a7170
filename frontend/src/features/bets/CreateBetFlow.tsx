import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import LinkIcon from '@mui/icons-material/Link';
import {
  Alert,
  AppBar,
  Avatar,
  Box,
  Button,
  Chip,
  Container,
  Dialog,
  FormControlLabel,
  IconButton,
  InputAdornment,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Radio,
  RadioGroup,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Toolbar,
  Typography,
} from '@mui/material';
import { useCallback, useState } from 'react';
import { LinkShare } from '../../components/LinkShare';
import { useToast } from '../../components/toast/use-toast';
import { serverMessage } from '../../lib/errors';
import { formatMoney, isAmountInput } from '../../lib/money';
import { linkUrl } from '../../lib/pending-link';
import { useWalletQuery } from '../../api/wallet-api';
import { useCreateBetMutation, usePendingBetsQuery } from './bets-api';
import { useCreateChallengeMutation } from './challenges-api';
import {
  amountError,
  canContinueFromAmount,
  canReview,
  filledOutcomes,
  MAX_OUTCOMES,
  QUICK_AMOUNTS,
  SCREEN_DURATION_HOURS,
} from './create-bet-rules';
import { HoldToConfirmButton } from './HoldToConfirmButton';
import { useFriendsForChallengeQuery, useSearchPeopleQuery, type PersonResult } from './people-api';
import { displayName } from './types';

const STEPS = ['Challenge Someone', 'Set Amount', 'Bet Details', 'Review Bet'];
export const SUCCESS_SCREEN_MS = 2000;

function PersonRow({
  person,
  selected,
  onPick,
}: {
  person: PersonResult;
  selected: boolean;
  onPick: () => void;
}) {
  return (
    <ListItemButton selected={selected} onClick={onPick} aria-pressed={selected}>
      <ListItemAvatar>
        <Avatar src={person.profileImageUrl ?? undefined}>
          {displayName(person).slice(0, 1).toUpperCase()}
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={displayName(person)}
        secondary={person.username ? `@${person.username}` : undefined}
      />
    </ListItemButton>
  );
}

/** docs/product.md §2 Bet creation: full screen, four steps, hold to confirm, then 'Bet Created!'. */
export function CreateBetFlow({
  open,
  onClose,
  challengerId,
}: {
  open: boolean;
  onClose: () => void;
  challengerId?: string | null;
}) {
  const [step, setStep] = useState(0);
  const [query, setQuery] = useState('');
  const [opponent, setOpponent] = useState<PersonResult | null>(null);
  /** "Send as a link": an open challenge, no opponent until someone accepts the link. */
  const [asLink, setAsLink] = useState(false);
  /** The open challenge's link code once created: the share step shows it. */
  const [linkCode, setLinkCode] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [options, setOptions] = useState<string[]>(['', '']);
  const [pick, setPick] = useState('');
  const [created, setCreated] = useState(false);
  const [holdKey, setHoldKey] = useState(0);
  const [createBet, { isLoading: creatingBet }] = useCreateBetMutation();
  const [createChallenge, { isLoading: creatingLink }] = useCreateChallengeMutation();
  const isLoading = creatingBet || creatingLink;
  const pending = usePendingBetsQuery(undefined, { skip: !open });
  const friends = useFriendsForChallengeQuery(undefined, { skip: !open });
  const wallet = useWalletQuery(undefined, { skip: !open });
  const available = wallet.data?.available;
  const amountProblem = amountError(amount, available);
  const search = useSearchPeopleQuery(query.trim(), { skip: !open || query.trim().length < 2 });
  const toast = useToast();

  const reset = useCallback(() => {
    setStep(0);
    setQuery('');
    setOpponent(null);
    setAsLink(false);
    setLinkCode(null);
    setAmount('');
    setTitle('');
    setDescription('');
    setOptions(['', '']);
    setPick('');
    setCreated(false);
  }, []);

  // A friend chosen on the friends page (?challenger=) starts the flow at step 2 with them picked.
  const preselected =
    !opponent && !asLink && challengerId
      ? friends.data?.find((person) => person.id === challengerId)
      : undefined;
  if (preselected) {
    setOpponent(preselected);
    setStep(1);
  }

  const close = () => {
    reset();
    onClose();
  };

  const submit = async () => {
    if (!opponent && !asLink) return;
    const terms = {
      amount,
      title: title.trim(),
      description: description.trim(),
      outcomes: filledOutcomes(options),
      duration: SCREEN_DURATION_HOURS,
      creatorPick: pick.trim(),
      resolutionType: 'mutual' as const,
    };
    try {
      if (asLink) {
        // The link is the point: the share step stays until the creator is done with it.
        const bet = await createChallenge(terms).unwrap();
        setLinkCode(bet.challengeCode ?? null);
        setCreated(true);
        return;
      }
      if (!opponent) return;
      await createBet({ ...terms, opponentId: opponent.id }).unwrap();
      setCreated(true);
      setTimeout(() => {
        void pending.refetch();
        close();
      }, SUCCESS_SCREEN_MS);
    } catch (error) {
      toast({
        title: 'Error Creating Bet',
        description: serverMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
      setHoldKey((key) => key + 1);
    }
  };

  const opponentName = asLink ? 'whoever accepts your link first' : displayName(opponent);
  const people = query.trim().length >= 2 ? (search.data ?? []) : (friends.data ?? []);
  const filled = filledOutcomes(options);

  return (
    <Dialog fullScreen open={open} onClose={close} aria-labelledby="create-bet-title">
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
          <Typography id="create-bet-title" variant="h6" sx={{ flexGrow: 1, ml: 1 }}>
            Create New Bet
          </Typography>
          <IconButton edge="end" aria-label="Close" onClick={close}>
            <CloseIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Container maxWidth="sm" sx={{ py: 3 }}>
        {created && asLink ? (
          <Stack spacing={2} sx={{ alignItems: 'center', py: 2 }}>
            <Stack spacing={1} role="status" sx={{ alignItems: 'center', textAlign: 'center' }}>
              <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
              <Typography variant="h4" component="h2">
                Challenge Link Ready!
              </Typography>
              <Typography color="text.secondary">
                Send it to anyone: the first person to accept it takes the bet. Your ${formatMoney(amount)}{' '}
                stake is held until then; you can cancel the challenge from your dashboard.
              </Typography>
            </Stack>
            <LinkShare
              url={linkCode ? linkUrl('challenge', linkCode) : null}
              qrAlt="QR code of your challenge link"
              shareTitle={title.trim()}
              shareText={`I bet $${formatMoney(amount)}: ${title.trim()}. Take me on?`}
              copiedTitle="Challenge link copied"
              copiedDescription="Send it to someone: the first to accept it takes the bet."
              testId="challenge-link"
            >
              <Button
                variant="outlined"
                onClick={() => {
                  void pending.refetch();
                  close();
                }}
              >
                Done
              </Button>
            </LinkShare>
          </Stack>
        ) : created ? (
          <Stack spacing={2} sx={{ alignItems: 'center', py: 6 }} role="status">
            <CheckCircleIcon color="success" sx={{ fontSize: 72 }} />
            <Typography variant="h4" component="h2">
              Bet Created!
            </Typography>
            <Typography color="text.secondary">
              Your challenge has been sent to {displayName(opponent)}.
            </Typography>
          </Stack>
        ) : (
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

            {step === 0 && (
              <Stack spacing={2}>
                <ListItemButton
                  onClick={() => {
                    setAsLink(true);
                    setOpponent(null);
                    setStep(1);
                  }}
                  sx={{ border: 1, borderColor: 'primary.main', borderRadius: 2, minHeight: 64 }}
                >
                  <ListItemAvatar>
                    <Avatar sx={{ bgcolor: 'primary.main' }}>
                      <LinkIcon />
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    primary="Send as a link"
                    secondary="Anyone you send it to can accept, even without an account yet"
                  />
                </ListItemButton>
                <TextField
                  label="Search by name or username"
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                  helperText="Type at least 2 characters, or pick a friend below"
                  autoFocus
                />
                <Typography variant="subtitle2" color="text.secondary">
                  {query.trim().length >= 2 ? 'Search results' : 'Your friends'}
                </Typography>
                {(search.isFetching || friends.isLoading) && (
                  <Typography color="text.secondary">Loading…</Typography>
                )}
                <List dense aria-label="People to challenge">
                  {people.map((person) => (
                    <PersonRow
                      key={person.id}
                      person={person}
                      selected={opponent?.id === person.id}
                      onPick={() => {
                        setAsLink(false);
                        setOpponent(person);
                        setStep(1);
                      }}
                    />
                  ))}
                </List>
                {!search.isFetching && people.length === 0 && (
                  <Typography color="text.secondary">
                    {query.trim().length >= 2
                      ? 'No users found matching your search.'
                      : 'No friends yet: search for someone to challenge.'}
                  </Typography>
                )}
              </Stack>
            )}

            {step === 1 && (
              <Stack spacing={2}>
                <Typography>
                  Challenging <strong>{opponentName}</strong>
                </Typography>
                <TextField
                  label="Amount"
                  value={amount}
                  onChange={(event) => isAmountInput(event.target.value) && setAmount(event.target.value)}
                  error={amountProblem !== null}
                  helperText={
                    amountProblem ?? (available !== undefined ? `Available: $${formatMoney(available)}` : ' ')
                  }
                  slotProps={{
                    htmlInput: { inputMode: 'decimal' },
                    input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                    formHelperText: { role: amountProblem ? 'alert' : undefined },
                  }}
                  autoFocus
                />
                <Stack
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ flexWrap: 'wrap' }}
                  role="group"
                  aria-label="Quick picks"
                >
                  {QUICK_AMOUNTS.map((quick) => (
                    <Chip
                      key={quick}
                      label={`$${quick}`}
                      clickable
                      color={Number(amount) === quick ? 'primary' : 'default'}
                      variant={Number(amount) === quick ? 'filled' : 'outlined'}
                      disabled={available !== undefined && Number(available) < quick}
                      onClick={() => setAmount(String(quick))}
                      sx={{ minHeight: 44, minWidth: 56, fontSize: 15 }}
                    />
                  ))}
                </Stack>
                <TextField
                  label="What's this bet about?"
                  value={title}
                  onChange={(event) => setTitle(event.target.value)}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
                <Button
                  variant="contained"
                  size="large"
                  disabled={!canContinueFromAmount(amount, title, available)}
                  onClick={() => setStep(2)}
                >
                  Continue
                </Button>
              </Stack>
            )}

            {step === 2 && (
              <Stack spacing={2}>
                <TextField
                  label="Description (optional)"
                  value={description}
                  onChange={(event) => setDescription(event.target.value)}
                  multiline
                  minRows={2}
                />
                <Typography sx={{ fontWeight: 700 }}>Outcome options</Typography>
                {options.map((option, index) => (
                  <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <TextField
                      fullWidth
                      label={`Option ${index + 1}`}
                      value={option}
                      onChange={(event) => {
                        const next = [...options];
                        next[index] = event.target.value;
                        setOptions(next);
                        if (pick === option) setPick('');
                      }}
                      slotProps={{ htmlInput: { maxLength: 100 } }}
                    />
                    {options.length > 2 && (
                      <IconButton
                        aria-label={`Remove option ${index + 1}`}
                        onClick={() => setOptions(options.filter((_, i) => i !== index))}
                      >
                        <DeleteIcon />
                      </IconButton>
                    )}
                  </Stack>
                ))}
                {options.length < MAX_OUTCOMES && (
                  <Button
                    startIcon={<AddIcon />}
                    onClick={() => setOptions([...options, ''])}
                    sx={{ alignSelf: 'flex-start' }}
                  >
                    Add option
                  </Button>
                )}
                <Typography id="prediction-label" sx={{ fontWeight: 700 }}>
                  Pick your prediction
                </Typography>
                <RadioGroup
                  aria-labelledby="prediction-label"
                  value={pick}
                  onChange={(event) => setPick(event.target.value)}
                >
                  {filled.map((option) => (
                    <FormControlLabel key={option} value={option} control={<Radio />} label={option} />
                  ))}
                </RadioGroup>
                {filled.length < 2 && (
                  <Alert severity="info">Please provide at least 2 outcome options</Alert>
                )}
                <Button
                  variant="contained"
                  size="large"
                  disabled={!canReview(options, pick)}
                  onClick={() => setStep(3)}
                >
                  Review Bet
                </Button>
              </Stack>
            )}

            {step === 3 && (
              <Stack spacing={2}>
                <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
                  <Typography variant="h6">{title}</Typography>
                  {description && <Typography color="text.secondary">{description}</Typography>}
                  <Typography sx={{ mt: 1 }}>
                    Opponent: <strong>{opponentName}</strong>
                  </Typography>
                  <Typography>
                    Stake: <strong>${formatMoney(amount)}</strong> each
                  </Typography>
                  <Typography>Options: {filled.join(' · ')}</Typography>
                  <Typography>
                    Your prediction: <strong>{pick}</strong>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    Open for 7 days. Your stake is held until the bet ends.
                  </Typography>
                </Box>
                <HoldToConfirmButton
                  key={holdKey}
                  label={isLoading ? 'Sending...' : asLink ? 'Hold to Create Link' : 'Hold to Send Challenge'}
                  onConfirm={() => void submit()}
                  disabled={isLoading}
                />
              </Stack>
            )}
          </>
        )}
      </Container>
    </Dialog>
  );
}
