import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import * as Yup from 'yup';
import { FormikTextField } from '../../components/form/FormikTextField';
import { useFormMutation } from '../../components/form/use-form-mutation';
import { useToast } from '../../components/toast/use-toast';
import { circleNameSchema, CIRCLE_NAME_MAX } from './circle-rules';
import { PicturePicker } from './PicturePicker';
import {
  useCirclesControllerCreateMutation,
  useCirclesControllerSetPictureMutation,
} from '../../api/enhanced-api';

const schema = Yup.object({ name: circleNameSchema });

/** New circle: a name and, if wanted, a picture; you are its owner and land on its page. */
export function CreateCircleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [create] = useCirclesControllerCreateMutation();
  const [upload] = useCirclesControllerSetPictureMutation();
  const [picture, setPicture] = useState<Blob | null>(null);
  const submit = useFormMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const close = () => {
    setPicture(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="create-circle-title" fullWidth maxWidth="xs">
      <Formik
        initialValues={{ name: '' }}
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const done = await submit(values, helpers, () => create({ name: values.name.trim() }).unwrap(), {
            success: { title: 'Circle created' },
            failure: { title: 'Could not create the circle', fallback: 'Please try again.' },
          });
          if (!done.ok) return;
          if (picture) {
            // The circle exists either way: a picture that fails can be set again from its settings.
            await upload({ id: done.value.id, body: picture })
              .unwrap()
              .catch(() =>
                toast({
                  title: 'The picture could not be uploaded',
                  description: 'Set it again from the circle’s settings.',
                  variant: 'destructive',
                }),
              );
          }
          helpers.resetForm();
          close();
          void navigate(`/circles/${done.value.id}`);
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <DialogTitle id="create-circle-title">New circle</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                <FormikTextField
                  name="name"
                  label="Circle name"
                  autoFocus
                  slotProps={{ htmlInput: { maxLength: CIRCLE_NAME_MAX + 20 } }}
                />
                <PicturePicker
                  pictureUrl={null}
                  busy={isSubmitting}
                  onPicked={(image) => setPicture(image)}
                />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={close} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? 'Creating…' : 'Create circle'}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
