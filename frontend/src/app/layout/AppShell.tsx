import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AddIcon from '@mui/icons-material/Add';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import GroupIcon from '@mui/icons-material/Group';
import HomeIcon from '@mui/icons-material/Home';
import { Box, Button, Container, IconButton, Paper, Typography, useMediaQuery } from '@mui/material';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../components/Logo';
import { Avatar } from '../../components/plain/Avatar';
import { Chip } from '../../components/plain/Chip';
import type { User } from '../../session/types';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { NOTIFICATIONS_FALLBACK_POLL_MS } from '../../features/notifications/notifications-api';
import { useExpiryReminders } from '../../features/notifications/use-expiry-reminders';
import { useLiveUpdates } from '../../features/notifications/use-live-updates';
import { initials } from '../../lib/initials';
import { formatMoney } from '../../lib/money';
import { isNavActive } from '../../lib/nav';
import { DESKTOP_NAV } from './nav-items';
import { useLoadWhenIdle } from '../../lib/use-load-when-idle';
// The bars, the balance chip, the avatar and the add button are plain HTML and CSS (AppShell.css and
// components/plain): they are on every signed-in first visit (issue #11).
import './AppShell.css';

// The account menu (MUI's Menu, Popover and Modal) loads after the shell has drawn: it shows only when opened.
const loadAccountMenu = () => import('./AccountMenu');
const AccountMenu = lazy(() => loadAccountMenu().then((module) => ({ default: module.AccountMenu })));

function TopBar({ user, bell }: { user: User; bell: ReactNode }) {
  const { pathname } = useLocation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  // Mounted from its first opening on, so it keeps its closing transition.
  const [menuUsed, setMenuUsed] = useState(false);
  useLoadWhenIdle(loadAccountMenu);
  return (
    <header className="app-bar app-bar-desktop">
      <nav aria-label="Main" className="app-toolbar">
        <Box
          component={Link}
          to="/"
          aria-label="Betwixt, home"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 2, minHeight: 44, textDecoration: 'none' }}
        >
          <Logo size={32} />
          <Typography variant="h6" component="span" color="primary" sx={{ fontWeight: 800 }}>
            Betwixt
          </Typography>
        </Box>
        {DESKTOP_NAV.filter((item) => !item.adminOnly || user.isAdmin).map((item) => {
          const active = isNavActive(item.path, pathname);
          return (
            <Button
              key={item.path}
              component={Link}
              to={item.path}
              color={active ? 'primary' : 'inherit'}
              aria-current={active ? 'page' : undefined}
              sx={{ fontWeight: active ? 800 : 500, bgcolor: active ? 'action.selected' : undefined }}
            >
              {item.label}
            </Button>
          );
        })}
        <Box sx={{ flexGrow: 1 }} />
        <Chip
          color="primary"
          variant="outlined"
          label={`$${formatMoney(user.balance)}`}
          aria-label={`Balance $${formatMoney(user.balance)}`}
        />
        {bell}
        <IconButton
          // The name holds the initials the avatar shows, so a voice user can say what they see.
          aria-label={`Account menu, ${initials(user)}`}
          onClick={(event) => {
            setMenu(event.currentTarget);
            setMenuUsed(true);
          }}
        >
          <Avatar src={user.profileImageUrl} color="#4527a0" size={34}>
            {initials(user)}
          </Avatar>
        </IconButton>
        {menuUsed && (
          <Suspense fallback={null}>
            <AccountMenu anchorEl={menu} isAdmin={user.isAdmin} onClose={() => setMenu(null)} />
          </Suspense>
        )}
      </nav>
    </header>
  );
}

/** Below md: a slim bar with the name and the bell; navigation stays in the bottom bar. */
function PhoneTopBar({ bell }: { bell: ReactNode }) {
  return (
    <header className="app-bar app-bar-phone">
      <div className="app-toolbar">
        <Box
          component={Link}
          to="/"
          aria-label="Betwixt, home"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 44, textDecoration: 'none' }}
        >
          <Logo size={28} />
          <Typography variant="h6" component="span" color="primary" sx={{ fontWeight: 800 }}>
            Betwixt
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {bell}
      </div>
    </header>
  );
}

/** docs/product.md §2 Navigation (first variant): Home, Friends, the add button, Wallet, Account, and Admin for admins. */
function BottomBar({ isAdmin }: { isAdmin: boolean }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = [
    { label: 'Home', path: '/', icon: <HomeIcon /> },
    { label: 'Friends', path: '/friends', icon: <GroupIcon /> },
    null,
    { label: 'Wallet', path: '/history', icon: <AccountBalanceWalletIcon /> },
    { label: 'Account', path: '/account', icon: <AccountCircleIcon /> },
    ...(isAdmin ? [{ label: 'Admin', path: '/admin', icon: <AdminPanelSettingsIcon /> }] : []),
  ];
  return (
    <Paper
      component="nav"
      aria-label="Main"
      elevation={8}
      sx={{
        display: { xs: 'flex', md: 'none' },
        position: 'fixed',
        bottom: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        justifyContent: 'space-around',
        alignItems: 'center',
        height: 64,
        pb: 'env(safe-area-inset-bottom)',
        borderRadius: 0,
      }}
    >
      {items.map((item) =>
        item === null ? (
          <button
            key="create"
            type="button"
            className="app-fab"
            aria-label="Create bet"
            onClick={() => void navigate('/?create=1')}
          >
            <AddIcon />
          </button>
        ) : (
          <Button
            key={item.path}
            component={Link}
            to={item.path}
            aria-current={isNavActive(item.path, pathname) ? 'page' : undefined}
            color={isNavActive(item.path, pathname) ? 'primary' : 'inherit'}
            sx={{
              flexDirection: 'column',
              minWidth: isAdmin ? 48 : 56,
              minHeight: 48,
              px: isAdmin ? 0.5 : 1,
              fontSize: 12,
              gap: 0.25,
              fontWeight: isNavActive(item.path, pathname) ? 800 : 500,
            }}
          >
            {item.icon}
            {item.label}
          </Button>
        ),
      )}
    </Paper>
  );
}

export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  const { connected } = useLiveUpdates(user);
  useExpiryReminders(user);
  useEffect(() => {
    // Loaded here, not with the shell: nothing on the first screen waits for it (issue #11).
    void import('../../lib/web-push').then((module) => module.syncPushSubscription()).catch(() => undefined);
  }, [user.id]);
  const bell = (
    <NotificationBell
      pushNotifications={user.pushNotifications}
      pollingInterval={connected ? 0 : NOTIFICATIONS_FALLBACK_POLL_MS}
    />
  );
  // Only the bars of this width are drawn (CSS hid the others, but they were rendered all the same: a second
  // bell and the desktop's buttons on every phone's first visit, issue #11's Total Blocking Time). Read at
  // once (noSsr), so the first render already has the right ones.
  const desktop = useMediaQuery((theme) => theme.breakpoints.up('md'), { noSsr: true });
  return (
    <Box
      sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}
      data-live-updates={connected ? 'connected' : 'connecting'}
    >
      {desktop ? <TopBar user={user} bell={bell} /> : <PhoneTopBar bell={bell} />}
      <Container component="main" maxWidth="lg" sx={{ pt: { xs: 2, md: 4 }, pb: { xs: 12, md: 6 } }}>
        {children}
      </Container>
      {!desktop && <BottomBar isAdmin={user.isAdmin} />}
    </Box>
  );
}
