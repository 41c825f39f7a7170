import { Stack, Typography } from '@mui/material';
import { CirclesCard } from './CirclesCard';

/** /circles — your circles and invitations (the same card the Friends page shows). */
export default function CirclesPage() {
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Circles
      </Typography>
      <CirclesCard />
    </Stack>
  );
}
