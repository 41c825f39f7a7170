import * as Yup from 'yup';

export const NO_PICK = 'Please select your predicted outcome.';
export const SAME_PICK = 'You must choose a different outcome than the challenger.';

/** docs/product.md §5 acceptance rules: a prediction, and not the challenger's (a bet or an open challenge). */
export function acceptSchema(creatorPick: string | null) {
  return Yup.object({
    opponentPick: Yup.string()
      .required(NO_PICK)
      .notOneOf([creatorPick ?? ''], SAME_PICK),
  });
}
