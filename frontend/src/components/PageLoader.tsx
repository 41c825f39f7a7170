import { Box, CircularProgress } from '@mui/material';

export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      {/* A progressbar needs its own name (axe: aria-progressbar-name). */}
      <CircularProgress aria-label={label} />
    </Box>
  );
}
