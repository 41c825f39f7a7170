import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  InputAdornment,
  Radio,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useFormikContext } from 'formik';
import { FormikRadioGroup } from '../../components/form/FormikRadioGroup';
import { formatMoney, isAmountInput } from '../../lib/money';
import {
  filledOutcomes,
  MAX_OUTCOMES,
  MIN_OUTCOMES,
  OUTCOME_MAX,
  QUICK_AMOUNTS,
  repeatedOutcomes,
  SAME_OUTCOMES_MESSAGE,
  TITLE_MAX,
} from './create-bet-rules';
import { stepIsValid, TOO_FEW_OUTCOMES, type CreateBetValues } from './create-bet-schema';
import { HoldToConfirmButton } from './HoldToConfirmButton';
import { oddsText } from './stakes';
import { WhoDecidesField } from './WhoDecidesField';

// The title and description are bound to the form but say nothing until sent: the screen's buttons wait for
// what is missing instead (docs/product.md §2 Bet creation).

/** Step 2, 'Set Amount': the stake (answered at once: the minimum, the balance) and what the bet is about. */
export function AmountStep({
  opponentName,
  available,
  onContinue,
  unevenStakes = false,
}: {
  opponentName: string;
  available: string | undefined;
  onContinue: () => void;
  /** A challenge to a person may ask a different stake of them ("I put $30 against your $10"). */
  unevenStakes?: boolean;
}) {
  const { values, errors, setFieldValue, getFieldProps } = useFormikContext<CreateBetValues>();
  // Nothing to say about an empty amount: Continue simply waits for one.
  const amountProblem = values.amount.trim() !== '' ? (errors.amount ?? null) : null;
  const theirProblem = values.opponentAmount.trim() !== '' ? (errors.opponentAmount ?? null) : null;
  const setAmount = (amount: string) => void setFieldValue('amount', amount);
  return (
    <Stack spacing={2}>
      <Typography>
        Challenging <strong>{opponentName}</strong>
      </Typography>
      <TextField
        label="Amount"
        value={values.amount}
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
            color={Number(values.amount) === quick ? 'primary' : 'default'}
            variant={Number(values.amount) === quick ? 'filled' : 'outlined'}
            disabled={available !== undefined && Number(available) < quick}
            onClick={() => setAmount(String(quick))}
            sx={{ minHeight: 44, minWidth: 56, fontSize: 15 }}
          />
        ))}
      </Stack>
      {unevenStakes && (
        <TextField
          label="Their stake (optional)"
          value={values.opponentAmount}
          onChange={(event) =>
            isAmountInput(event.target.value) && void setFieldValue('opponentAmount', event.target.value)
          }
          error={theirProblem !== null}
          helperText={theirProblem ?? theirStakeHelp(values.amount, values.opponentAmount, opponentName)}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            formHelperText: { role: theirProblem ? 'alert' : 'status' },
          }}
        />
      )}
      <TextField
        label="What's this bet about?"
        {...getFieldProps('title')}
        slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
      />
      <Button
        variant="contained"
        size="large"
        disabled={!stepIsValid('amount', values, available)}
        onClick={onContinue}
      >
        Continue
      </Button>
    </Stack>
  );
}

/** What the opponent's stake means, said as it is typed: "You put $30.00 against their $10.00: 3 to 1". */
export function theirStakeHelp(amount: string, opponentAmount: string, opponentName: string): string {
  if (opponentAmount.trim() === '' || !(Number(amount) > 0) || !(Number(opponentAmount) > 0))
    return `Empty: ${opponentName} puts in the same as you (even money)`;
  return `You put $${formatMoney(amount)} against their $${formatMoney(opponentAmount)}: ${oddsText(amount, opponentAmount)}`;
}

/** The options a prediction can name: each filled option once, as first typed (a repeat is refused above). */
function predictionChoices(outcomes: string[]): string[] {
  const repeated = repeatedOutcomes(outcomes);
  return filledOutcomes(outcomes.filter((_, index) => !repeated.has(index)));
}

/**
 * Step 3, 'Bet Details': a description, two to four outcomes, and the creator's own prediction. `next`
 * names the step it leads to (a group pot's is 'Review Pot').
 */
export function DetailsStep({ onContinue, next = 'Review Bet' }: { onContinue: () => void; next?: string }) {
  const { values, errors, setFieldValue, getFieldProps } = useFormikContext<CreateBetValues>();
  const { outcomes, creatorPick } = values;
  const filled = filledOutcomes(outcomes);
  const repeated = repeatedOutcomes(outcomes);
  const setOutcomes = (next: string[]) => void setFieldValue('outcomes', next);
  const descriptionProblem = errors.description ?? null;
  return (
    <Stack spacing={2}>
      <TextField
        label="Description (optional)"
        {...getFieldProps('description')}
        multiline
        minRows={2}
        error={descriptionProblem !== null}
        helperText={descriptionProblem}
        slotProps={{ formHelperText: { role: descriptionProblem ? 'alert' : undefined } }}
      />
      <Typography sx={{ fontWeight: 700 }}>Outcome options</Typography>
      {outcomes.map((outcome, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            fullWidth
            label={`Option ${index + 1}`}
            value={outcome}
            onChange={(event) => {
              setOutcomes(outcomes.map((old, i) => (i === index ? event.target.value : old)));
              // A prediction names an option's text: editing that text takes the prediction back.
              if (creatorPick === outcome.trim()) void setFieldValue('creatorPick', '');
            }}
            error={repeated.has(index)}
            helperText={repeated.has(index) ? SAME_OUTCOMES_MESSAGE : undefined}
            slotProps={{
              htmlInput: { maxLength: OUTCOME_MAX },
              formHelperText: { role: repeated.has(index) ? 'alert' : undefined },
            }}
          />
          {outcomes.length > MIN_OUTCOMES && (
            <IconButton
              aria-label={`Remove option ${index + 1}`}
              onClick={() => setOutcomes(outcomes.filter((_, i) => i !== index))}
              sx={{ mt: 1 }}
            >
              <DeleteIcon />
            </IconButton>
          )}
        </Stack>
      ))}
      {outcomes.length < MAX_OUTCOMES && (
        <Button
          startIcon={<AddIcon />}
          onClick={() => setOutcomes([...outcomes, ''])}
          sx={{ alignSelf: 'flex-start' }}
        >
          Add option
        </Button>
      )}
      <Typography id="prediction-label" sx={{ fontWeight: 700 }}>
        Pick your prediction
      </Typography>
      <FormikRadioGroup name="creatorPick" aria-labelledby="prediction-label">
        {predictionChoices(outcomes).map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={option} />
        ))}
      </FormikRadioGroup>
      {filled.length < MIN_OUTCOMES && <Alert severity="info">{TOO_FEW_OUTCOMES}</Alert>}
      <Button
        variant="contained"
        size="large"
        disabled={!stepIsValid('details', values)}
        onClick={onContinue}
      >
        {next}
      </Button>
    </Stack>
  );
}

/** Step 4, 'Review Bet': the terms as they will be sent, then hold to confirm. */
export function ReviewStep({
  opponentName,
  opponentId,
  asLink,
  sending,
  holdKey,
  onStale,
}: {
  opponentName: string;
  /** The person challenged (null for a link, which takes no referee): they cannot referee. */
  opponentId: string | null;
  asLink: boolean;
  sending: boolean;
  /** A new key after a failure, so the button can be held again. */
  holdKey: number;
  /** The terms no longer pass (the balance moved meanwhile, say): back to the step that says why. */
  onStale: (step: 1 | 2) => void;
}) {
  const { values, validateForm, submitForm } = useFormikContext<CreateBetValues>();
  const confirm = async () => {
    const found = await validateForm();
    if (Object.keys(found).length === 0) return submitForm();
    // The referee is chosen on this step: its message is already shown here.
    if (Object.keys(found).every((field) => field === 'refereeId')) return;
    onStale(found.amount || found.title || found.opponentAmount ? 1 : 2);
  };
  const uneven =
    values.opponentAmount.trim() !== '' && Number(values.opponentAmount) !== Number(values.amount);
  return (
    <Stack spacing={2}>
      <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
        <Typography variant="h6" component="h3">
          {values.title}
        </Typography>
        {values.description && <Typography color="text.secondary">{values.description}</Typography>}
        <Typography sx={{ mt: 1 }}>
          Opponent: <strong>{opponentName}</strong>
        </Typography>
        {uneven ? (
          <Typography>
            Stakes: <strong>your ${formatMoney(values.amount)}</strong> against{' '}
            <strong>their ${formatMoney(values.opponentAmount)}</strong> (
            {oddsText(values.amount, values.opponentAmount)}): you can win $
            {formatMoney(values.opponentAmount)}
          </Typography>
        ) : (
          <Typography>
            Stake: <strong>${formatMoney(values.amount)}</strong> each
          </Typography>
        )}
        <Typography>Options: {filledOutcomes(values.outcomes).join(' · ')}</Typography>
        <Typography>
          Your prediction: <strong>{values.creatorPick}</strong>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Open for 7 days. Your stake is held until the bet ends.
        </Typography>
      </Box>
      {!asLink && opponentId && <WhoDecidesField playerIds={[opponentId]} />}
      <HoldToConfirmButton
        key={holdKey}
        label={sending ? 'Sending...' : asLink ? 'Hold to Create Link' : 'Hold to Send Challenge'}
        onConfirm={() => void confirm()}
        disabled={sending || (values.decider === 'referee' && !values.refereeId)}
      />
    </Stack>
  );
}
