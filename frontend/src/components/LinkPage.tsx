import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Logo } from './Logo';
import { SignedOutPage } from './SignedOutPage';

/**
 * The frame of a page that a link opens (an invite, an open challenge): a card inside the app when signed in,
 * else the signed-out backdrop under the Betwixt name, since the visitor may not know the site yet.
 */
export function LinkPage({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  if (signedIn) {
    return (
      <Card sx={{ maxWidth: 520, mx: 'auto', mt: { xs: 1, sm: 4 } }}>
        <CardContent sx={{ py: 4 }}>{children}</CardContent>
      </Card>
    );
  }
  return (
    <SignedOutPage>
      <Stack spacing={4} sx={{ alignItems: 'center', py: 3 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Logo size={44} />
          <Typography variant="h4" component="p" color="primary" sx={{ fontWeight: 800 }}>
            Betwixt
          </Typography>
        </Stack>
        {children}
      </Stack>
    </SignedOutPage>
  );
}
