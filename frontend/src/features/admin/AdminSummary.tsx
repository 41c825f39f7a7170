import { Box, Card, CardContent, Typography } from '@mui/material';
import { formatMoney } from '../../lib/money';
import { ADMIN_ANALYTICS_POLL_MS, useAdminAnalyticsQuery } from './admin-api';

export function AdminSummary() {
  const { data, isLoading } = useAdminAnalyticsQuery(undefined, { pollingInterval: ADMIN_ANALYTICS_POLL_MS });
  const cards: [string, string][] = [
    ['Total Users', isLoading ? '...' : String(data?.totalUsers ?? 0)],
    ['Total Bets', isLoading ? '...' : String(data?.totalBets ?? 0)],
    ['Total Volume', isLoading ? '...' : `$${formatMoney(data?.totalVolume ?? '0')} USD`],
    ['Active Disputes', isLoading ? '...' : String(data?.activeDisputes ?? 0)],
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
      {cards.map(([label, value]) => (
        <Card key={label}>
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h5" sx={{ fontWeight: 800 }}>
              {value}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
