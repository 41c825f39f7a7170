import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import type { User } from '../../session/types';
import {
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useSetupTwoFactorMutation,
} from './account-api';

export function TwoFactorSection({ user }: { user: User }) {
  const [setup, setupState] = useSetupTwoFactorMutation();
  const [enable, enableState] = useEnableTwoFactorMutation();
  const [disable, disableState] = useDisableTwoFactorMutation();
  const [enrolment, setEnrolment] = useState<{ secret: string; qrCodeDataUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const [disabling, setDisabling] = useState(false);
  const run = useMutationToast();

  const start = async () => {
    const enrolling = await run(() => setup().unwrap(), { failure: { title: 'Failed to enable 2FA' } });
    if (!enrolling.ok) return;
    setEnrolment(enrolling.value);
    setCode('');
  };
  const confirmEnable = async () => {
    if (!enrolment) return;
    const done = await run(() => enable({ secret: enrolment.secret, token: code.trim() }).unwrap(), {
      success: { title: '2FA enabled' },
      failure: { title: 'Failed to enable 2FA' },
    });
    if (done.ok) setEnrolment(null);
  };
  const confirmDisable = async () => {
    const done = await run(() => disable({ token: code.trim() }).unwrap(), {
      success: { title: '2FA disabled' },
      failure: { title: 'Failed to disable 2FA' },
    });
    if (done.ok) setDisabling(false);
  };

  return (
    <Card>
      <CardHeader title="Security Settings" subheader="Two-factor authentication" />
      <CardContent>
        {user.twoFactorEnabled ? (
          <Stack spacing={2}>
            <Alert severity="success">Two-factor sign-in is on.</Alert>
            {disabling ? (
              <Stack spacing={1}>
                <TextField
                  label="Code from your authenticator"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                />
                <Stack direction="row" spacing={1}>
                  <Button onClick={() => setDisabling(false)}>Cancel</Button>
                  <Button
                    color="error"
                    variant="contained"
                    disabled={disableState.isLoading}
                    onClick={() => void confirmDisable()}
                  >
                    Disable 2FA
                  </Button>
                </Stack>
              </Stack>
            ) : (
              <Button
                variant="outlined"
                color="error"
                onClick={() => {
                  setCode('');
                  setDisabling(true);
                }}
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
            <TextField
              label="6-digit code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            />
            <Stack direction="row" spacing={1}>
              <Button onClick={() => setEnrolment(null)}>Cancel</Button>
              <Button
                variant="contained"
                disabled={enableState.isLoading || code.trim().length !== 6}
                onClick={() => void confirmEnable()}
              >
                Confirm and Enable
              </Button>
            </Stack>
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
