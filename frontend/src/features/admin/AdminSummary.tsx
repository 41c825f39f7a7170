import { Box, Card, CardContent, Typography } from '@mui/material';
import { formatMoney } from '../../lib/money';
import { ADMIN_ANALYTICS_POLL_MS } from './admin-api';
import { useAdminControllerAnalyticsQuery } from '../../api/enhanced-api';

export function AdminSummary() {
  const { data, isLoading } = useAdminControllerAnalyticsQuery(undefined, {
    pollingInterval: ADMIN_ANALYTICS_POLL_MS,
  });
  const cards: [string, string][] = [
    ['Total Users', isLoading ? '...' : String(data?.totalUsers ?? 0)],
    ['Total Bets', isLoading ? '...' : String(data?.totalBets ?? 0)],
    ['Total Volume', isLoading ? '...' : `$${formatMoney(data?.totalVolume ?? '0')} USD`],
    ['Active Disputes', isLoading ? '...' : String(data?.activeDisputes ?? 0)],
  ];
  // Compact on phones, so the title and the four figures leave room for the tabs and their content.
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        gap: { xs: 1, sm: 2 },
      }}
    >
      {cards.map(([label, value]) => (
        <Card key={label}>
          <CardContent sx={{ p: { xs: 1.25, sm: 2 }, '&:last-child': { pb: { xs: 1.25, sm: 3 } } }}>
            <Typography variant="body2" color="textSecondary">
              {label}
            </Typography>
            <Typography
              variant="h5"
              component="p"
              sx={{ fontWeight: 800, fontSize: { xs: '1.1rem', sm: '1.5rem' }, overflowWrap: 'anywhere' }}
            >
              {value}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
