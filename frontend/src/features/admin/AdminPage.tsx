import { Alert, Button, Stack, Typography } from '@mui/material';
import { Link, Navigate } from 'react-router';
import { useAuth } from '../auth/use-auth';

/**
 * Non-admins are sent back to the dashboard (the server refuses them anyway). The dashboard itself is
 * built in the admin issue; this page says so plainly rather than pretending.
 */
export default function AdminPage() {
  const { user } = useAuth();
  if (!user?.isAdmin) return <Navigate to="/" replace state={{ notice: 'Administrator access required' }} />;
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Admin Dashboard
      </Typography>
      <Button component={Link} to="/" sx={{ alignSelf: 'flex-start' }}>
        Back to Home
      </Button>
      <Alert severity="info">
        The admin screens are being built; the admin API is available at /api/docs.
      </Alert>
    </Stack>
  );
}
