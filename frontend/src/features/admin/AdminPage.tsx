import { Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../components/toast/use-toast';
import { useAuth } from '../../session/use-auth';
import { oneRowTabs } from '../../components/tabs-sx';
import { AdminSummary } from './AdminSummary';
import { UsersTab } from './UsersTab';
import { BalanceTab } from './BalanceTab';
import { ModerationTab } from './ModerationTab';
import { DisputesTab } from './DisputesTab';
import { ResolvedTab } from './ResolvedTab';
import { AuditTab } from './AuditTab';

type AdminTab = 'users' | 'balance' | 'moderation' | 'disputes' | 'resolved' | 'audit';

/** docs/product.md §2 /admin. The server refuses non-admins; the client sends them home with a message. */
export default function AdminPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [tab, setTab] = useState<AdminTab>('users');
  const [prefill, setPrefill] = useState('');
  const isAdmin = user?.isAdmin === true;
  useEffect(() => {
    if (user && !isAdmin) {
      toast({
        title: 'Admins only',
        description: 'You need administrator access to open the Admin Dashboard.',
        variant: 'destructive',
      });
      void navigate('/', { replace: true });
    }
  }, [user, isAdmin, navigate, toast]);
  if (!isAdmin) return null;
  return (
    <Stack spacing={{ xs: 1.5, sm: 3 }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.25rem', sm: '2.125rem' } }}>
          Admin Dashboard
        </Typography>
        <Button component={Link} to="/" size="small">
          Back to Home
        </Button>
      </Stack>
      <AdminSummary />
      <Tabs
        value={tab}
        onChange={(_event, value: AdminTab) => setTab(value)}
        aria-label="Admin sections"
        {...oneRowTabs}
      >
        <Tab label="Users" value="users" />
        <Tab label="Balance" value="balance" />
        <Tab label="Moderation" value="moderation" />
        <Tab label="Disputes" value="disputes" />
        <Tab label="Resolved" value="resolved" />
        <Tab label="Audit Log" value="audit" />
      </Tabs>
      {tab === 'users' && (
        <UsersTab
          onAdjust={(who) => {
            setPrefill(who);
            setTab('balance');
          }}
        />
      )}
      {tab === 'balance' && <BalanceTab key={prefill} prefill={prefill} />}
      {tab === 'moderation' && <ModerationTab />}
      {tab === 'disputes' && <DisputesTab />}
      {tab === 'resolved' && <ResolvedTab />}
      {tab === 'audit' && <AuditTab />}
    </Stack>
  );
}
