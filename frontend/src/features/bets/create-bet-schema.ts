import * as Yup from 'yup';
import {
  amountError,
  DESCRIPTION_MAX,
  filledOutcomes,
  MAX_OUTCOMES,
  MIN_BET_MESSAGE,
  MIN_OUTCOMES,
  OUTCOME_MAX,
  repeatedOutcomes,
  SAME_OUTCOMES_MESSAGE,
  TITLE_MAX,
} from './create-bet-rules';

/** The create-bet form: what the person types, named as the API names it (outcomes holds blank options too). */
export interface CreateBetValues {
  amount: string;
  title: string;
  description: string;
  outcomes: string[];
  creatorPick: string;
  /** The circle to post the bet in (PostInCircleField); none when empty or left out. */
  circleId?: string;
  /** Who decides: both players (mutual, the default) or a referee, refereeId (WhoDecidesField). */
  decider: 'mutual' | 'referee';
  refereeId: string;
  /** Uneven stakes (a duel to a person): what the opponent puts in; empty is even money. */
  opponentAmount: string;
}

export const EMPTY_BET: CreateBetValues = {
  amount: '',
  title: '',
  description: '',
  outcomes: ['', ''],
  creatorPick: '',
  decider: 'mutual',
  refereeId: '',
  opponentAmount: '',
};

/**
 * A rematch starts from the last bet's terms: its stake, title, description and options. The prediction
 * is asked again (a rematch is often the other side).
 */
export function rematchTerms(last: {
  amount: string;
  title: string;
  description?: string | null;
  outcomes: string[];
}): CreateBetValues {
  return {
    amount: last.amount,
    title: last.title,
    description: last.description ?? '',
    outcomes: [...last.outcomes],
    creatorPick: '',
    decider: 'mutual',
    refereeId: '',
    opponentAmount: '',
  };
}

/** docs/product.md §2 Bet creation: 'Please provide at least 2 outcome options'. */
export const TOO_FEW_OUTCOMES = 'Please provide at least 2 outcome options';

/** The filled options; Formik hands the schema blank ones as undefined. */
const filled = (outcomes: (string | undefined)[] | undefined) =>
  filledOutcomes((outcomes ?? []).map((outcome) => outcome ?? ''));

/**
 * docs/product.md §5 Bet creation rules as the screen applies them, with the server's words (CreateBetDto)
 * for what the screen never shows (its buttons stay disabled instead). `available` is the wallet's available
 * balance when known: a stake above it is refused here rather than after hold-to-confirm.
 */
export function createBetSchema(available?: string | null) {
  return Yup.object({
    amount: Yup.string()
      .trim()
      .required(MIN_BET_MESSAGE)
      .test('amount', MIN_BET_MESSAGE, (amount, context) => {
        const problem = amountError(amount ?? '', available);
        return problem === null || context.createError({ message: problem });
      }),
    title: Yup.string()
      .trim()
      .required('Title is required')
      .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
    description: Yup.string()
      .trim()
      .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
    outcomes: Yup.array(
      Yup.string().trim().max(OUTCOME_MAX, 'Outcome options cannot be blank or longer than 100 characters'),
    )
      .max(MAX_OUTCOMES, 'At most 4 outcomes allowed')
      .test('enough', TOO_FEW_OUTCOMES, (outcomes) => filled(outcomes).length >= MIN_OUTCOMES)
      .test(
        'different',
        SAME_OUTCOMES_MESSAGE,
        (outcomes) => repeatedOutcomes((outcomes ?? []).map((outcome) => outcome ?? '')).size === 0,
      )
      .required(TOO_FEW_OUTCOMES),
    creatorPick: Yup.string()
      .trim()
      .required('You must select your prediction')
      .test('among-outcomes', 'You must select your prediction', (pick, context) =>
        filled((context.parent as { outcomes?: (string | undefined)[] }).outcomes).includes(pick ?? ''),
      ),
    decider: Yup.string().oneOf(['mutual', 'referee']).required(),
    refereeId: Yup.string().when('decider', {
      is: 'referee',
      then: (rule) => rule.required(PICK_A_REFEREE),
    }),
    // The opponent's balance is theirs to know: the server refuses a stake beyond it when they accept.
    opponentAmount: Yup.string().test('opponent-amount', MIN_BET_MESSAGE, (amount, context) => {
      const problem = amountError(amount ?? '');
      return problem === null || context.createError({ message: problem.replace('bet amount', 'stake') });
    }),
  });
}

export const PICK_A_REFEREE = 'Pick a referee, or let both players decide';

/** The fields each step asks for: a step's Continue works once these pass. */
const STEP_FIELDS = {
  amount: ['amount', 'title', 'opponentAmount'],
  details: ['description', 'outcomes', 'creatorPick'],
} as const satisfies Record<string, readonly (keyof CreateBetValues)[]>;

export function stepIsValid(
  step: keyof typeof STEP_FIELDS,
  values: CreateBetValues,
  available?: string | null,
): boolean {
  return createBetSchema(available)
    .pick([...STEP_FIELDS[step]])
    .isValidSync(values);
}

export function canContinueFromAmount(amount: string, title: string, available?: string | null): boolean {
  return stepIsValid('amount', { ...EMPTY_BET, amount, title }, available);
}

export function canReview(outcomes: string[], creatorPick: string): boolean {
  return stepIsValid('details', { ...EMPTY_BET, outcomes, creatorPick });
}
