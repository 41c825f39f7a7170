import { Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useAuth } from '../../session/use-auth';
import { ActivityTab } from './ActivityTab';
import { AnalyticsTab } from './AnalyticsTab';
import { ProfileTab } from './ProfileTab';
import { SettingsTab } from './SettingsTab';
import { oneRowTabs } from '../../components/tabs-sx';
import { TrophiesCard } from './TrophiesCard';

type AccountTab = 'profile' | 'analytics' | 'activity' | 'settings';

/** docs/product.md §2 /account: Profile (default), Analytics, Activity, Settings. */
export default function AccountPage() {
  const { user } = useAuth();
  const [tab, setTab] = useState<AccountTab>('profile');
  if (!user) return null;
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Account
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, value: AccountTab) => setTab(value)}
        aria-label="Account sections"
        {...oneRowTabs}
      >
        <Tab label="Profile" value="profile" />
        <Tab label="Analytics" value="analytics" />
        <Tab label="Activity" value="activity" />
        <Tab label="Settings" value="settings" />
      </Tabs>
      <Box role="tabpanel">
        {tab === 'profile' && (
          <Stack spacing={2}>
            <ProfileTab user={user} />
            <TrophiesCard userId={user.id} />
          </Stack>
        )}
        {tab === 'analytics' && <AnalyticsTab />}
        {tab === 'activity' && <ActivityTab />}
        {tab === 'settings' && <SettingsTab user={user} />}
      </Box>
    </Stack>
  );
}
