import { Button, InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import { useFormikContext } from 'formik';
import { formatMoney, isAmountInput } from '../../../lib/money';
import { TITLE_MAX } from '../create-bet-rules';
import { DURATIONS, JOIN_WINDOWS, termsAreValid, type PotValues } from './pot-schema';

/** The pot's second step: the question, the stake every player puts in, the deadline to join, the duration. */
export function PotTermsStep({
  available,
  players,
  onContinue,
}: {
  available: string | undefined;
  /** Everyone who would be in if all the invited join (the creator included). */
  players: number;
  onContinue: () => void;
}) {
  const { values, errors, setFieldValue, getFieldProps } = useFormikContext<PotValues>();
  const stakeProblem = values.amount.trim() !== '' ? (errors.amount ?? null) : null;
  const stake = Number(values.amount);
  const hint =
    stake > 0
      ? `Up to $${formatMoney(stake * players)} if all ${players} players join`
      : available !== undefined
        ? `Available: $${formatMoney(available)}`
        : ' ';
  return (
    <Stack spacing={2}>
      <TextField
        label="The question"
        placeholder="Who gets engaged first?"
        {...getFieldProps('title')}
        slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
      />
      <TextField
        label="Stake each player puts in"
        value={values.amount}
        onChange={(event) =>
          isAmountInput(event.target.value) && void setFieldValue('amount', event.target.value)
        }
        error={stakeProblem !== null}
        helperText={stakeProblem ?? hint}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          formHelperText: { role: stakeProblem ? 'alert' : undefined },
        }}
      />
      <TextField select label="Friends can join for" {...getFieldProps('joinWithinHours')}>
        {JOIN_WINDOWS.map((option) => (
          <MenuItem key={option.hours} value={option.hours}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Then the bet runs for"
        helperText="Players report the outcome by the end"
        {...getFieldProps('durationHours')}
      >
        {DURATIONS.map((option) => (
          <MenuItem key={option.hours} value={option.hours}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="contained"
        size="large"
        disabled={!termsAreValid(values, available)}
        onClick={onContinue}
      >
        Continue
      </Button>
    </Stack>
  );
}
