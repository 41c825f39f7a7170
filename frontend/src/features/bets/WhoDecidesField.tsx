import { Alert, FormControlLabel, Radio, Stack, Typography } from '@mui/material';
import { useFormikContext } from 'formik';
import { useId } from 'react';
import { FormikRadioGroup } from '../../components/form/FormikRadioGroup';
import type { CreateBetValues } from './create-bet-schema';
import { RefereePicker } from './RefereePicker';

/**
 * "Who decides?" in the create flows (duel and group pot): both players report (mutual, the default), or a
 * referee picked from the creator's friends who do not play. Bound to the form's decider and refereeId.
 */
export function WhoDecidesField({ playerIds }: { playerIds: readonly string[] }) {
  const { values, errors, setFieldValue } = useFormikContext<CreateBetValues>();
  const labelId = useId();
  // Said as soon as "A referee" is chosen, not only after the hold: the hold stays off until one is picked.
  const missing = values.decider === 'referee' ? (errors.refereeId ?? null) : null;
  return (
    <Stack spacing={1}>
      <Typography id={labelId} sx={{ fontWeight: 700 }}>
        Who decides?
      </Typography>
      <FormikRadioGroup
        name="decider"
        aria-labelledby={labelId}
        onChange={(_event, value) => {
          if (value === 'mutual') void setFieldValue('refereeId', '');
        }}
      >
        <FormControlLabel
          value="mutual"
          control={<Radio />}
          label="Both players: it settles when your reports agree"
        />
        <FormControlLabel value="referee" control={<Radio />} label="A referee we both trust calls it" />
      </FormikRadioGroup>
      {values.decider === 'referee' && (
        <>
          <RefereePicker
            playerIds={playerIds}
            value={values.refereeId}
            onPick={(person) => void setFieldValue('refereeId', person.id)}
          />
          {missing && (
            <Alert severity="info" role="alert">
              {missing}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}

/** The referee's part of POST /api/bets: nothing for a mutual bet. */
export function deciderTerms(values: Pick<CreateBetValues, 'decider' | 'refereeId'>) {
  return values.decider === 'referee' && values.refereeId
    ? { resolutionType: 'referee' as const, refereeId: values.refereeId }
    : { resolutionType: 'mutual' as const };
}
