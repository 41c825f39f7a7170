import { FormControl, FormHelperText, InputLabel, MenuItem, Select } from '@mui/material';
import { useField } from 'formik';
import { useId } from 'react';
import { useCirclesControllerListQuery } from '../../api/enhanced-api';

/**
 * "Post in circle" for the create flow (a duel, an open challenge or a group pot): a Formik field named
 * `circleId` that the send sends as `circleId` on POST /api/bets. Shows nothing for someone in no circle.
 * The other player must be in the circle too; the server says so (400) when not.
 */
export function PostInCircleField({ name = 'circleId' }: { name?: string }) {
  const [field, , helpers] = useField<string | undefined>(name);
  const circles = useCirclesControllerListQuery();
  const labelId = useId();
  const helpId = useId();
  const list = (circles.data ?? []).filter((circle) => circle.role !== null);
  if (list.length === 0) return null;
  return (
    <FormControl fullWidth sx={{ mb: 3 }}>
      <InputLabel id={labelId}>Post in circle</InputLabel>
      <Select
        labelId={labelId}
        label="Post in circle"
        value={field.value ?? ''}
        onChange={(event) => void helpers.setValue(event.target.value || undefined)}
        aria-describedby={helpId}
        data-testid="post-in-circle"
      >
        <MenuItem value="" sx={{ minHeight: 44 }}>
          Don’t post in a circle
        </MenuItem>
        {list.map((circle) => (
          <MenuItem key={circle.id} value={circle.id} sx={{ minHeight: 44 }}>
            {circle.name}
          </MenuItem>
        ))}
      </Select>
      <FormHelperText id={helpId}>
        Its members see the bet in the circle’s feed and table. Everyone you challenge must be in the circle
        too.
      </FormHelperText>
    </FormControl>
  );
}
