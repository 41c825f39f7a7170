import { Button, Stack } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { rememberPendingLink, type LinkKind } from '../lib/pending-link';
import type { AuthTab } from './AuthDialog';

const AuthDialog = lazy(() => import('./AuthDialog').then((module) => ({ default: module.AuthDialog })));

/**
 * What a signed-out visitor of a link (an invite, an open challenge) is offered: sign up, or log in with the
 * account they have, in the sign-up/log-in dialog. The link is remembered first, so that signing in, even
 * through the identity provider which leaves the page, brings them back to it (lib/pending-link).
 */
export function SignUpChoice({
  link,
  signUpLabel,
}: {
  link: { kind: LinkKind; code: string };
  signUpLabel: string;
}) {
  const [dialog, setDialog] = useState<{ open: boolean; tab: AuthTab } | null>(null);
  const open = (tab: AuthTab) => {
    rememberPendingLink(link.kind, link.code);
    setDialog({ open: true, tab });
  };
  return (
    <>
      <Stack spacing={1.5} sx={{ width: '100%', maxWidth: 360 }}>
        <Button variant="contained" size="large" onClick={() => open('signup')}>
          {signUpLabel}
        </Button>
        <Button variant="outlined" size="large" onClick={() => open('login')}>
          I already have an account
        </Button>
      </Stack>
      {dialog && (
        <Suspense fallback={null}>
          <AuthDialog
            open={dialog.open}
            tab={dialog.tab}
            onTabChange={(tab) => setDialog({ open: true, tab })}
            onClose={() => setDialog((current) => current && { ...current, open: false })}
          />
        </Suspense>
      )}
    </>
  );
}
