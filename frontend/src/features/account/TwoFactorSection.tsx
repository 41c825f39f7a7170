import { Alert, Box, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useState, type ReactNode } from 'react';
import * as Yup from 'yup';
import { FormikTextField } from '../../components/form/FormikTextField';
import { useFormMutation } from '../../components/form/use-form-mutation';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { oneTimeCodeRule } from '../../lib/form-rules';
import type { User } from '../../session/types';
import {
  useTwoFactorControllerDisableMutation,
  useTwoFactorControllerEnableMutation,
  useTwoFactorControllerSetupMutation,
} from '../../api/enhanced-api';

const codeSchema = Yup.object({ token: oneTimeCodeRule() });
type CodeValues = { token: string };

/**
 * A code from the authenticator app and the buttons under it. `ready` says when the confirming button may be
 * pressed (enabling waits for six characters; disabling lets the schema say what is wrong).
 */
function CodeForm({
  label,
  onCode,
  ready = () => true,
  spacing = 2,
  children,
}: {
  label: string;
  onCode: (token: string, helpers: FormikHelpers<CodeValues>) => Promise<void>;
  spacing?: number;
  ready?: (token: string) => boolean;
  children: (state: { canConfirm: boolean }) => ReactNode;
}) {
  return (
    <Formik
      initialValues={{ token: '' }}
      validationSchema={codeSchema}
      onSubmit={(values, helpers) => onCode(values.token.trim(), helpers)}
    >
      {({ isSubmitting, values }) => (
        <Stack component={Form} noValidate spacing={spacing}>
          <FormikTextField
            name="token"
            label={label}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          {children({ canConfirm: !isSubmitting && ready(values.token) })}
        </Stack>
      )}
    </Formik>
  );
}

/**
 * For a phone that is itself showing the QR code (it cannot scan its own screen): copy the secret, or open
 * the otpauth: link, which the authenticator app on the phone takes.
 */
function SecretActions({ secret, otpauthUrl }: { secret: string; otpauthUrl: string }) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => void copy()}>
          Copy secret
        </Button>
        <Button variant="outlined" href={otpauthUrl}>
          Open in authenticator app
        </Button>
      </Stack>
      <Typography role="status" variant="body2" color="text.secondary">
        {copied === 'copied'
          ? 'Secret copied to the clipboard'
          : copied === 'failed'
            ? 'Could not copy: select the secret and copy it yourself'
            : ''}
      </Typography>
    </Stack>
  );
}

export function TwoFactorSection({ user }: { user: User }) {
  const [setup, setupState] = useTwoFactorControllerSetupMutation();
  const [enable] = useTwoFactorControllerEnableMutation();
  const [disable] = useTwoFactorControllerDisableMutation();
  const [enrolment, setEnrolment] = useState<{
    secret: string;
    otpauthUrl: string;
    qrCodeDataUrl: string;
  } | null>(null);
  const [disabling, setDisabling] = useState(false);
  const run = useMutationToast();
  const submit = useFormMutation();

  const start = async () => {
    const enrolling = await run(() => setup().unwrap(), { failure: { title: 'Failed to enable 2FA' } });
    if (enrolling.ok) setEnrolment(enrolling.value);
  };

  return (
    <Card>
      <CardHeader title="Security Settings" subheader="Two-factor authentication" />
      <CardContent>
        {user.twoFactorEnabled ? (
          <Stack spacing={2}>
            <Alert severity="success">Two-factor sign-in is on.</Alert>
            {disabling ? (
              <CodeForm
                label="Code from your authenticator"
                spacing={1}
                onCode={async (token, helpers) => {
                  const done = await submit({ token }, helpers, () => disable({ token }).unwrap(), {
                    success: { title: '2FA disabled' },
                    failure: { title: 'Failed to disable 2FA' },
                  });
                  if (done.ok) setDisabling(false);
                }}
              >
                {({ canConfirm }) => (
                  <Stack direction="row" spacing={1}>
                    <Button onClick={() => setDisabling(false)}>Cancel</Button>
                    <Button type="submit" color="error" variant="contained" disabled={!canConfirm}>
                      Disable 2FA
                    </Button>
                  </Stack>
                )}
              </CodeForm>
            ) : (
              <Button
                variant="outlined"
                color="error"
                onClick={() => setDisabling(true)}
                sx={{ alignSelf: 'flex-start' }}
              >
                Disable Two-Factor Authentication
              </Button>
            )}
          </Stack>
        ) : enrolment ? (
          <Stack spacing={2}>
            <Typography>
              Scan this QR code with your authenticator app, or type the secret, then enter the 6-digit code.
            </Typography>
            <Box
              component="img"
              src={enrolment.qrCodeDataUrl}
              alt="QR code for your authenticator app"
              sx={{ width: 200, height: 200 }}
            />
            <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="totp-secret">
              {enrolment.secret}
            </Typography>
            <SecretActions secret={enrolment.secret} otpauthUrl={enrolment.otpauthUrl} />
            <CodeForm
              label="6-digit code"
              ready={(token) => token.trim().length === 6}
              onCode={async (token, helpers) => {
                const done = await submit(
                  { token },
                  helpers,
                  () => enable({ secret: enrolment.secret, token }).unwrap(),
                  { success: { title: '2FA enabled' }, failure: { title: 'Failed to enable 2FA' } },
                );
                if (done.ok) setEnrolment(null);
              }}
            >
              {({ canConfirm }) => (
                <Stack direction="row" spacing={1}>
                  <Button onClick={() => setEnrolment(null)}>Cancel</Button>
                  <Button type="submit" variant="contained" disabled={!canConfirm}>
                    Confirm and Enable
                  </Button>
                </Stack>
              )}
            </CodeForm>
          </Stack>
        ) : (
          <Button variant="contained" onClick={() => void start()} disabled={setupState.isLoading}>
            Enable Two-Factor Authentication
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
