import SettingsIcon from '@mui/icons-material/Settings';
import { Box, IconButton, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import NotFoundPage from '../../components/NotFoundPage';
import { oneRowTabs } from '../../components/tabs-sx';
import { isApiError } from '../../lib/errors';
import { formatDate } from '../../lib/time';
import { useAuth } from '../../session/use-auth';
import { useUnauthorizedRedirect } from '../../session/use-unauthorized';
import { CircleAvatar } from './CircleAvatar';
import { CircleFeed } from './CircleFeed';
import { CircleSettingsDialog } from './CircleSettingsDialog';
import { LeaderboardTab } from './LeaderboardTab';
import { MembersTab } from './MembersTab';
import { useCirclesControllerGetQuery } from '../../api/enhanced-api';

const TABS = [
  { value: 'feed', label: 'Feed' },
  { value: 'table', label: 'Table' },
  { value: 'members', label: 'Members' },
] as const;
type CircleTab = (typeof TABS)[number]['value'];

/**
 * /circles/:id — a circle's feed, its season table and its members. Anyone not in it (and not an admin)
 * gets the 404 page, the same whether the circle exists or not, as the API answers.
 */
export default function CirclePage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const [settings, setSettings] = useState(false);
  const circle = useCirclesControllerGetQuery(id);
  useUnauthorizedRedirect(circle.error);
  const tab: CircleTab = TABS.some((item) => item.value === params.get('tab'))
    ? (params.get('tab') as CircleTab)
    : 'feed';

  if (!user) return null;
  if (circle.isLoading) {
    return (
      <Stack spacing={2}>
        <Skeleton variant="rounded" height={72} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  if (circle.error || !circle.data) {
    if (!isApiError(circle.error) || circle.error.status === 404 || circle.error.status === 400)
      return <NotFoundPage />;
    return <Typography color="error">Failed to load the circle. Please try again.</Typography>;
  }
  const data = circle.data;
  const isMember = data.role !== null;
  const manages = data.role === 'owner' || data.role === 'co_owner';
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <CircleAvatar pictureUrl={data.pictureUrl} size={56} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {data.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {data.members.length} member{data.members.length === 1 ? '' : 's'} · Season {data.season.number}{' '}
            ends {formatDate(data.season.endsAt)}
          </Typography>
        </Box>
        {manages && (
          <IconButton
            aria-label="Circle settings"
            onClick={() => setSettings(true)}
            sx={{ width: 44, height: 44 }}
          >
            <SettingsIcon />
          </IconButton>
        )}
      </Stack>
      <Tabs
        value={tab}
        onChange={(_event, value: CircleTab) =>
          setParams(value === 'feed' ? {} : { tab: value }, { replace: true })
        }
        aria-label="Circle sections"
        {...oneRowTabs}
      >
        {TABS.map((item) => (
          <Tab
            key={item.value}
            label={item.label}
            value={item.value}
            id={`circle-tab-${item.value}`}
            aria-controls={item.value === tab ? `circle-panel-${item.value}` : undefined}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`circle-panel-${tab}`} aria-labelledby={`circle-tab-${tab}`}>
        {tab === 'feed' && (
          <CircleFeed circleId={data.id} viewerId={user.id} isMember={isMember} isAdmin={user.isAdmin} />
        )}
        {tab === 'table' && <LeaderboardTab circleId={data.id} />}
        {tab === 'members' && <MembersTab circle={data} viewerId={user.id} />}
      </Box>
      {manages && <CircleSettingsDialog circle={data} open={settings} onClose={() => setSettings(false)} />}
    </Stack>
  );
}
