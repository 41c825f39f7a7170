import { Button, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 8 }}>
      <Typography variant="h4" component="h1">
        404 Page Not Found
      </Typography>
      <Typography color="text.secondary">The page you are looking for does not exist.</Typography>
      <Button component={Link} to="/" variant="contained">
        Back to Dashboard
      </Button>
    </Stack>
  );
}
