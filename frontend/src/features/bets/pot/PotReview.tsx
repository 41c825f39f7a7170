import { Box, Stack, Typography } from '@mui/material';
import { useFormikContext } from 'formik';
import { formatMoney } from '../../../lib/money';
import { filledOutcomes } from '../create-bet-rules';
import { HoldToConfirmButton } from '../HoldToConfirmButton';
import type { PersonResult } from '../people-api';
import { displayName } from '../types';
import { WhoDecidesField } from '../WhoDecidesField';
import { DURATIONS, JOIN_WINDOWS, potSchema, type PotValues } from './pot-schema';

/** "you, Omar Walker and Lena Walker": the players as a sentence says them. */
const PLAYERS = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

const labelOf = (options: readonly { hours: number; label: string }[], hours: number) =>
  options.find((option) => option.hours === hours)?.label ?? `${hours} hours`;

/** The pot's last step: its terms as they will be sent, then hold to confirm (the creator's stake is held). */
export function PotReview({
  invitees,
  available,
  sending,
  holdKey,
  onStale,
}: {
  invitees: PersonResult[];
  available: string | undefined;
  sending: boolean;
  holdKey: number;
  /** The terms no longer pass (the balance moved meanwhile): back to the step that says why. */
  onStale: (step: 1 | 2) => void;
}) {
  const { values, submitForm } = useFormikContext<PotValues>();
  const confirm = async () => {
    try {
      await potSchema(available).validate(values);
    } catch (problem) {
      const path = (problem as { path?: string }).path ?? '';
      // The referee is picked on this step, which already says so.
      if (path === 'refereeId') return;
      onStale(['amount', 'title', 'joinWithinHours', 'durationHours'].includes(path) ? 1 : 2);
      return;
    }
    await submitForm();
  };
  return (
    <Stack spacing={2}>
      <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
        <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {values.title}
        </Typography>
        {values.description && <Typography color="text.secondary">{values.description}</Typography>}
        <Typography sx={{ mt: 1 }}>
          Players:{' '}
          <strong>{PLAYERS.format(['you', ...invitees.map((person) => displayName(person))])}</strong>
        </Typography>
        <Typography>
          Stake: <strong>${formatMoney(values.amount)}</strong> each
        </Typography>
        <Typography>Options: {filledOutcomes(values.outcomes).join(' · ')}</Typography>
        <Typography>
          Your prediction: <strong>{values.creatorPick}</strong>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Friends can join for {labelOf(JOIN_WINDOWS, values.joinWithinHours)}; then the bet runs for{' '}
          {labelOf(DURATIONS, values.durationHours)}. Your stake is held now. With fewer than two players, or
          everyone on the same pick, every stake comes back.
        </Typography>
      </Box>
      <WhoDecidesField playerIds={invitees.map((person) => person.id)} />
      <HoldToConfirmButton
        key={holdKey}
        label={sending ? 'Sending...' : 'Hold to Start the Pot'}
        onConfirm={() => void confirm()}
        disabled={sending || (values.decider === 'referee' && !values.refereeId)}
      />
    </Stack>
  );
}
