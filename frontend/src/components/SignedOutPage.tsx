import { Box, Container } from '@mui/material';
import type { ReactNode } from 'react';

/** The backdrop of pages a signed-out visitor sees (landing, invite links): centred, full height. */
export function SignedOutPage({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        background: 'linear-gradient(160deg, #ede7f6 0%, #f7f5fb 55%, #fff8e1 100%)',
      }}
    >
      <Container maxWidth="sm">{children}</Container>
    </Box>
  );
}
