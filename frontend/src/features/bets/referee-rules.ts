import * as Yup from 'yup';

/** The server's bounds (CallBetDto, AppealDto): a call's note 10 to 500 characters, an appeal 10 to 2000. */
export const NOTE_MIN = 10;
export const NOTE_MAX = 500;
export const APPEAL_MAX = 2000;

/** How many characters a text still needs, said as the person types ("3 more characters"), or null. */
export function stillNeeded(text: string, min = NOTE_MIN): string | null {
  const missing = min - text.trim().length;
  if (missing <= 0) return null;
  return `${missing} more character${missing === 1 ? '' : 's'} (${min} at least)`;
}

export const callSchema = Yup.object({
  result: Yup.string().required('Choose what happened'),
  note: Yup.string()
    .trim()
    .min(NOTE_MIN, 'Say in a few words why (10 characters at least)')
    .max(NOTE_MAX, `A note can be at most ${NOTE_MAX} characters`)
    .required('Say in a few words why (10 characters at least)'),
});

export const appealSchema = Yup.object({
  statement: Yup.string()
    .trim()
    .min(NOTE_MIN, 'Say what the referee got wrong (10 characters at least)')
    .max(APPEAL_MAX, `A statement can be at most ${APPEAL_MAX} characters`)
    .required('Say what the referee got wrong (10 characters at least)'),
});
