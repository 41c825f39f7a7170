import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  LinearProgress,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { activityLine } from '../../lib/activity-text';
import { formatDollars } from '../../lib/money';
import { formatDate } from '../../lib/time';
import { type UserAnalytics } from './account-api';
import { useAnalyticsControllerUserStatsQuery } from '../../api/enhanced-api';

/** `tone` is a palette path; Typography's own `color` prop takes only palette names since MUI 7, not paths. */
function Headline({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 800, color: tone }}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The running profit or loss over time. */
function ProfitChart({ history }: { history: UserAnalytics['profitHistory'] }) {
  return (
    <Card>
      <CardHeader title="Profit/Loss over time" />
      <CardContent sx={{ px: 1 }}>
        <LineChart
          height={240}
          xAxis={[
            {
              data: history.map((point) => new Date(point.date)),
              scaleType: 'time',
              valueFormatter: (value: Date) => formatDate(value),
            },
          ]}
          // 'auto' sizes the axis to its longest label: a fixed width cut '$1,000.00' to '$10…'.
          yAxis={[{ valueFormatter: (value: number) => formatDollars(value), width: 'auto' }]}
          series={[
            {
              data: history.map((point) => Number(point.cumulative)),
              label: 'Profit/Loss',
              area: false,
              showMark: true,
            },
          ]}
          aria-label="Profit and loss over time"
        />
      </CardContent>
    </Card>
  );
}

/** The five latest entries of the recent activity. */
function RecentActivity({ activity }: { activity: UserAnalytics['recentActivity'] }) {
  return (
    <Card>
      <CardHeader title="Recent Activity" />
      <CardContent>
        <Stack spacing={1.5}>
          {activity.slice(0, 5).map((entry, index) => (
            <Stack key={index} direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
              <Box>
                <Typography>{activityLine(entry.description, entry.betId ?? null)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatDate(entry.date)}
                </Typography>
              </Box>
              {entry.amount && (
                <Chip
                  size="small"
                  color={Number(entry.amount) >= 0 ? 'success' : 'error'}
                  label={formatDollars(entry.amount, { signed: true })}
                  sx={{ flexShrink: 0 }}
                />
              )}
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

export function AnalyticsTab() {
  const { data, isLoading } = useAnalyticsControllerUserStatsQuery();
  if (isLoading) {
    return (
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}
        role="status"
        aria-label="Loading analytics"
      >
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={96} />
        ))}
      </Box>
    );
  }
  if (!data || (data.totalBetsCreated === 0 && data.pendingBets === 0)) {
    return (
      <Card sx={{ textAlign: 'center', py: 4 }}>
        <Typography variant="h6" component="h2">
          No Analytics Data
        </Typography>
        <Typography color="text.secondary">
          Start betting to see your analytics and performance metrics!
        </Typography>
      </Card>
    );
  }
  const denominator = Math.max(1, data.totalBetsCreated);
  const profit = Number(data.profitLoss);
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
        <Headline label="Win Rate" value={`${data.winRate.toFixed(1)}%`} />
        <Headline
          label="Profit/Loss"
          value={formatDollars(data.profitLoss, { signed: true })}
          tone={profit >= 0 ? 'success.main' : 'error.main'}
        />
        <Headline label="Total Bets" value={String(data.totalBetsCreated)} />
        <Headline label="Current Streak" value={String(data.currentStreak)} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <Card>
          <CardHeader title="Betting Performance" />
          <CardContent>
            <Stack spacing={1.5}>
              <Typography>Bets Won: {data.totalBetsWon}</Typography>
              <LinearProgress
                variant="determinate"
                color="success"
                value={(data.totalBetsWon / denominator) * 100}
                aria-label="Bets won share"
              />
              <Typography>Bets Lost: {data.totalBetsLost}</Typography>
              <LinearProgress
                variant="determinate"
                color="error"
                value={(data.totalBetsLost / denominator) * 100}
                aria-label="Bets lost share"
              />
              <Typography>Longest Streak: {data.longestWinStreak}</Typography>
              <Typography>Avg Bet Amount: {formatDollars(data.avgBetAmount)}</Typography>
            </Stack>
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="Activity Summary" />
          <CardContent>
            <Stack spacing={1}>
              <Typography>Active Bets: {data.activeBets}</Typography>
              <Typography>Pending Bets: {data.pendingBets}</Typography>
              <Typography>Total Wagered: {formatDollars(data.totalAmountWagered)}</Typography>
              <Typography>Total Won: {formatDollars(data.totalAmountWon)}</Typography>
              <Typography>Friends: {data.friendsCount}</Typography>
            </Stack>
          </CardContent>
        </Card>
      </Box>
      {data.profitHistory.length > 0 && <ProfitChart history={data.profitHistory} />}
      {data.recentActivity.length > 0 && <RecentActivity activity={data.recentActivity} />}
    </Stack>
  );
}
