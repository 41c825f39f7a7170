import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  FormControlLabel,
  FormLabel,
  Radio,
  Stack,
} from '@mui/material';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import * as Yup from 'yup';
import { FormikRadioGroup } from '../../components/form/FormikRadioGroup';
import { FormikTextField } from '../../components/form/FormikTextField';
import { useFormMutation } from '../../components/form/use-form-mutation';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import {
  CIRCLE_NAME_MAX,
  circleNameSchema,
  isoToLocalInput,
  localInputToIso,
  SEASON_LENGTH_TEXT,
} from './circle-rules';
import { type Circle, type CircleUpdate, type SeasonLength } from './circles-api';
import { PicturePicker } from './PicturePicker';
import {
  useCirclesControllerRemoveMutation,
  useCirclesControllerRemovePictureMutation,
  useCirclesControllerSetPictureMutation,
  useCirclesControllerUpdateMutation,
} from '../../api/enhanced-api';

interface SettingsValues {
  name: string;
  seasonLength: SeasonLength;
  seasonEndsAt: string;
}

const schema = Yup.object({
  name: circleNameSchema,
  seasonLength: Yup.string().oneOf(['weekly', 'monthly', 'custom']).required(),
  seasonEndsAt: Yup.string().when('seasonLength', {
    is: 'custom',
    then: (rule) =>
      rule
        .required('Choose when the season ends')
        .test('future', 'The season must end in the future, within a year', (value) => {
          const iso = value ? localInputToIso(value) : null;
          if (!iso) return false;
          const ms = new Date(iso).getTime() - Date.now();
          return ms > 0 && ms <= 366 * 24 * 3_600_000;
        }),
  }),
});

/** Only what changed goes to PATCH /api/circles/{id}: a new season length moves the running season's end. */
export function settingsChanges(circle: Circle, values: SettingsValues): CircleUpdate {
  const changes: CircleUpdate = {};
  const name = values.name.trim();
  if (name !== circle.name) changes.name = name;
  if (values.seasonLength === 'custom') {
    const iso = localInputToIso(values.seasonEndsAt);
    if (circle.seasonLength !== 'custom' || isoToLocalInput(circle.season.endsAt) !== values.seasonEndsAt) {
      changes.seasonLength = 'custom';
      if (iso) changes.seasonEndsAt = iso;
    }
  } else if (values.seasonLength !== circle.seasonLength) {
    changes.seasonLength = values.seasonLength;
  }
  return changes;
}

/** The owner's and co-owners' settings: name, picture, season length; the owner also deletes the circle. */
export function CircleSettingsDialog({
  circle,
  open,
  onClose,
}: {
  circle: Circle;
  open: boolean;
  onClose: () => void;
}) {
  const [update] = useCirclesControllerUpdateMutation();
  const [upload, { isLoading: uploading }] = useCirclesControllerSetPictureMutation();
  const [removePicture, { isLoading: removing }] = useCirclesControllerRemovePictureMutation();
  const [remove] = useCirclesControllerRemoveMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const submit = useFormMutation();
  const run = useMutationToast();
  const navigate = useNavigate();
  const initial: SettingsValues = {
    name: circle.name,
    seasonLength: circle.seasonLength,
    seasonEndsAt: isoToLocalInput(circle.season.endsAt),
  };

  const doDelete = async () => {
    setConfirmDelete(false);
    const done = await run(() => remove(circle.id).unwrap(), {
      success: { title: `${circle.name} was deleted`, description: 'Its bets stay with their players.' },
      failure: { title: 'Could not delete the circle', fallback: 'Please try again.' },
    });
    if (done.ok) {
      onClose();
      void navigate('/friends');
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="circle-settings-title" fullWidth maxWidth="sm">
      <Formik
        initialValues={initial}
        enableReinitialize
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const changes = settingsChanges(circle, values);
          if (Object.keys(changes).length === 0) return onClose();
          const done = await submit(
            values,
            helpers,
            () => update({ id: circle.id, updateCircleDto: changes }).unwrap(),
            {
              success: { title: 'Circle updated' },
              failure: { title: 'Could not update the circle', fallback: 'Please try again.' },
            },
          );
          if (done.ok) onClose();
        }}
      >
        {({ values, isSubmitting }) => (
          <Form noValidate>
            <DialogTitle id="circle-settings-title">Circle settings</DialogTitle>
            <DialogContent>
              <Stack spacing={2.5} sx={{ pt: 1 }}>
                <FormikTextField
                  name="name"
                  label="Circle name"
                  slotProps={{ htmlInput: { maxLength: CIRCLE_NAME_MAX + 20 } }}
                />
                <PicturePicker
                  pictureUrl={circle.pictureUrl}
                  busy={uploading || removing}
                  onPicked={(image) =>
                    void run(() => upload({ id: circle.id, body: image }).unwrap(), {
                      success: { title: 'Picture updated' },
                      failure: { title: 'The picture could not be uploaded', fallback: 'Please try again.' },
                    })
                  }
                  onRemove={() =>
                    void run(() => removePicture(circle.id).unwrap(), {
                      success: { title: 'Picture removed' },
                      failure: { title: 'The picture could not be removed', fallback: 'Please try again.' },
                    })
                  }
                />
                <Stack spacing={1} role="group" aria-labelledby="season-length-label">
                  <FormLabel id="season-length-label">Seasons</FormLabel>
                  <FormikRadioGroup name="seasonLength" aria-labelledby="season-length-label">
                    {(Object.keys(SEASON_LENGTH_TEXT) as SeasonLength[]).map((length) => (
                      <FormControlLabel
                        key={length}
                        value={length}
                        control={<Radio />}
                        label={SEASON_LENGTH_TEXT[length]}
                        sx={{ minHeight: 44 }}
                      />
                    ))}
                  </FormikRadioGroup>
                  {values.seasonLength === 'custom' && (
                    <FormikTextField
                      name="seasonEndsAt"
                      type="datetime-local"
                      label="This season ends"
                      slotProps={{ inputLabel: { shrink: true } }}
                    />
                  )}
                  <DialogContentText variant="body2">
                    A new length applies to the season running now: it ends at the new end.
                  </DialogContentText>
                </Stack>
                {circle.role === 'owner' && (
                  <>
                    <Divider />
                    <Button
                      color="error"
                      variant="outlined"
                      onClick={() => setConfirmDelete(true)}
                      sx={{ alignSelf: 'flex-start', minHeight: 44 }}
                    >
                      Delete circle
                    </Button>
                  </>
                )}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                Save
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        aria-labelledby="delete-circle-title"
      >
        <DialogTitle id="delete-circle-title">Delete {circle.name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Its feed, comments and tables go for everyone. The bets stay with their players.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>Keep it</Button>
          <Button color="error" variant="contained" onClick={() => void doDelete()}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
