import * as Yup from 'yup';
import { amountError, amountForWire, filledOutcomes } from '../create-bet-rules';
import { createBetSchema, EMPTY_BET, type CreateBetValues } from '../create-bet-schema';
import { deciderTerms } from '../WhoDecidesField';

/** A pot's players besides its creator: 2 to 19 friends (POT_MAX_PLAYERS is 20, the creator included). */
export const MIN_INVITEES = 2;
export const MAX_INVITEES = 19;

/** How long friends have to join, and how long the bet runs after it locks, in hours. */
export const JOIN_WINDOWS = [
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '1 day' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '7 days' },
] as const;
export const DURATIONS = [
  { hours: 24, label: '1 day' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '7 days' },
  { hours: 720, label: '30 days' },
] as const;

/**
 * The pot form: the bet form's fields (its amount is the stake every player puts in) plus how long friends
 * have to join and how long the bet runs once it locks. The invitees are the flow's (with their names).
 */
export interface PotValues extends CreateBetValues {
  joinWithinHours: number;
  durationHours: number;
}

export const EMPTY_POT: PotValues = { ...EMPTY_BET, joinWithinHours: 24, durationHours: 168 };

/** The bet form's rules, with the stake said as a stake; the server checks them again. */
export function potSchema(available?: string | null) {
  return createBetSchema(available).shape({
    amount: Yup.string()
      .trim()
      .required('Stake is required')
      .test('stake', 'Minimum stake is $0.01', (stake, context) => {
        const problem = amountError(stake ?? '', available);
        return (
          problem === null ||
          context.createError({ message: problem.replace('Minimum bet amount', 'Minimum stake') })
        );
      }),
    joinWithinHours: Yup.number().required(),
    durationHours: Yup.number().required(),
  });
}

export function termsAreValid(values: PotValues, available?: string | null): boolean {
  return potSchema(available)
    .pick(['amount', 'title', 'joinWithinHours', 'durationHours'])
    .isValidSync(values);
}

/** POST /api/bets for a pot: the invitees instead of an opponent, the stake and the deadline to join. */
export function potPayload(values: PotValues, inviteeIds: string[], now = new Date()) {
  return {
    inviteeIds,
    stake: amountForWire(values.amount),
    joinBy: new Date(now.getTime() + values.joinWithinHours * 3_600_000).toISOString(),
    title: values.title.trim(),
    description: values.description.trim(),
    outcomes: filledOutcomes(values.outcomes),
    creatorPick: values.creatorPick.trim(),
    duration: values.durationHours,
    ...deciderTerms(values),
    ...(values.circleId ? { circleId: values.circleId } : {}),
  };
}
