import type { FormikHelpers } from 'formik';
import { useFormMutation } from '../../components/form/use-form-mutation';
import type { MutationOutcome } from '../../components/toast/use-mutation-toast';
import { amountForWire, filledOutcomes, SCREEN_DURATION_HOURS } from './create-bet-rules';
import type { CreateBetValues } from './create-bet-schema';
import type { PersonResult } from './people-api';
import type { Bet } from './types';
import { deciderTerms } from './WhoDecidesField';
import {
  useBetsControllerCreateMutation,
  useChallengesControllerCreateMutation,
} from '../../api/enhanced-api';

/** Who the bet is with: a person, or (asLink) whoever accepts the open challenge's link first. */
export interface Opponent {
  person: PersonResult | null;
  asLink: boolean;
}

/**
 * Sends the create-bet form as docs/product.md §3's payload: to a person (POST /api/bets) or as an open
 * challenge (POST /api/challenges), always 168 hours; a person's challenge may name a referee and ask an uneven stake. A failure is toasted ('Error Creating Bet').
 */
export function useSendBet() {
  const [createBet, { isLoading: creatingBet }] = useBetsControllerCreateMutation();
  const [createChallenge, { isLoading: creatingLink }] = useChallengesControllerCreateMutation();
  const submit = useFormMutation();
  const send = async (
    values: CreateBetValues,
    helpers: FormikHelpers<CreateBetValues>,
    { person, asLink }: Opponent,
  ): Promise<MutationOutcome<Bet>> => {
    const terms = {
      amount: amountForWire(values.amount),
      title: values.title.trim(),
      description: values.description.trim(),
      outcomes: filledOutcomes(values.outcomes),
      duration: SCREEN_DURATION_HOURS,
      creatorPick: values.creatorPick.trim(),
      resolutionType: 'mutual' as const,
      ...(values.circleId ? { circleId: values.circleId } : {}),
    };
    // A person's challenge may name a referee and ask an uneven stake; an open link takes neither.
    const personTerms = {
      ...deciderTerms(values),
      ...(values.opponentAmount.trim() ? { opponentAmount: amountForWire(values.opponentAmount) } : {}),
    };
    const toasts = { failure: { title: 'Error Creating Bet', fallback: 'Please try again.' } };
    if (asLink) return submit(values, helpers, () => createChallenge(terms).unwrap(), toasts);
    if (!person) return { ok: false, error: new Error('No opponent chosen') };
    return submit(
      values,
      helpers,
      () => createBet({ ...terms, ...personTerms, opponentId: person.id }).unwrap(),
      toasts,
    );
  };
  return { send, sending: creatingBet || creatingLink };
}
