import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../components/Logo';
import { Avatar } from '../../components/plain/Avatar';
import { ButtonLink } from '../../components/ButtonLink';
import { IconButton } from '../../components/plain/Button';
import { Chip } from '../../components/plain/Chip';
import {
  AccountCircleIcon,
  AddIcon,
  AdminIcon,
  CirclesIcon,
  GroupIcon,
  HomeIcon,
  WalletIcon,
} from '../../components/plain/icons';
import type { User } from '../../session/types';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { NOTIFICATIONS_FALLBACK_POLL_MS } from '../../features/notifications/notifications-api';
import { useExpiryReminders } from '../../features/notifications/use-expiry-reminders';
import { useLiveUpdates } from '../../features/notifications/use-live-updates';
import { initials } from '../../lib/initials';
import { formatMoney } from '../../lib/money';
import { isNavActive } from '../../lib/nav';
import { DESKTOP_NAV } from './nav-items';
import { EmailConfirmBanner } from './EmailConfirmBanner';
import { useAfterFirstRender } from '../../lib/use-after-first-render';
import { useLoadWhenIdle } from '../../lib/use-load-when-idle';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { LazyThemeRoot } from '../../components/LazyThemeRoot';
// The whole shell (bars, nav buttons, balance chip, avatar, add button, main container) is plain HTML and CSS
// (AppShell.css and components/plain): it is on every signed-in first visit, and with no MUI in it MUI's core
// loads after the first screen has drawn.
import './AppShell.css';

// The account menu (MUI's Menu, Popover and Modal) loads after the shell has drawn: it shows only when opened.
const loadAccountMenu = () => import('./AccountMenu');
const AccountMenu = lazy(() => loadAccountMenu().then((module) => ({ default: module.AccountMenu })));
// The idle load goes through a chunk of its own (see shell-idle-imports.ts).
const prefetchAccountMenu = () =>
  import('./shell-idle-imports').then((module) => module.loadAccountMenuWhenIdle());

/** The avatar, opening the account menu (Profile, Admin, Logout): on phones too, so signing out is one tap away. */
function AccountButton({ user }: { user: User }) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  // Mounted from its first opening on, so it keeps its closing transition.
  const [menuUsed, setMenuUsed] = useState(false);
  useLoadWhenIdle(prefetchAccountMenu);
  return (
    <>
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
          <LazyThemeRoot>
            <AccountMenu anchorEl={menu} isAdmin={user.isAdmin} onClose={() => setMenu(null)} />
          </LazyThemeRoot>
        </Suspense>
      )}
    </>
  );
}

function TopBar({ user, bell }: { user: User; bell: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <header className="app-bar app-bar-desktop">
      <nav aria-label="Main" className="app-toolbar">
        <Link to="/" aria-label="Betwixt, home" className="app-brand">
          <Logo size={32} />
          <span className="text-h6 app-brand-name">Betwixt</span>
        </Link>
        {DESKTOP_NAV.filter((item) => !item.adminOnly || user.isAdmin).map((item) => {
          const active = isNavActive(item.path, pathname);
          return (
            <ButtonLink
              key={item.path}
              to={item.path}
              color={active ? 'primary' : 'inherit'}
              aria-current={active ? 'page' : undefined}
              className={active ? 'app-nav-item is-active' : 'app-nav-item'}
            >
              {item.label}
            </ButtonLink>
          );
        })}
        <div className="app-spacer" />
        <Chip
          color="primary"
          variant="outlined"
          label={`$${formatMoney(user.balance)}`}
          aria-label={`Balance $${formatMoney(user.balance)}`}
        />
        {bell}
        <AccountButton user={user} />
      </nav>
    </header>
  );
}

/** Below md: a slim bar with the name, the bell and the avatar; navigation stays in the bottom bar. */
function PhoneTopBar({ user, bell }: { user: User; bell: ReactNode }) {
  return (
    <header className="app-bar app-bar-phone">
      <div className="app-toolbar">
        <Link to="/" aria-label="Betwixt, home" className="app-brand">
          <Logo size={28} />
          <span className="text-h6 app-brand-name">Betwixt</span>
        </Link>
        <div className="app-spacer" />
        {bell}
        <AccountButton user={user} />
      </div>
    </header>
  );
}

interface NavItem {
  label: string;
  path: string;
  icon: ReactNode;
}

/** docs/product.md §2 Navigation (first variant): Home, Friends, Circles, the add button, Wallet, Account, and Admin for admins. */
function BottomBar({ isAdmin }: { isAdmin: boolean }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const left: NavItem[] = [
    { label: 'Home', path: '/', icon: <HomeIcon /> },
    { label: 'Friends', path: '/friends', icon: <GroupIcon /> },
    // Circles get their own entry: three a side fits at 360 px, as the admin's right half shows.
    { label: 'Circles', path: '/circles', icon: <CirclesIcon /> },
  ];
  const right: NavItem[] = [
    { label: 'Wallet', path: '/history', icon: <WalletIcon /> },
    { label: 'Account', path: '/account', icon: <AccountCircleIcon /> },
    ...(isAdmin ? [{ label: 'Admin', path: '/admin', icon: <AdminIcon /> }] : []),
  ];
  const link = (item: NavItem) => (
    <ButtonLink
      key={item.path}
      to={item.path}
      aria-current={isNavActive(item.path, pathname) ? 'page' : undefined}
      color={isNavActive(item.path, pathname) ? 'primary' : 'inherit'}
      className={isNavActive(item.path, pathname) ? 'app-bottom-item is-active' : 'app-bottom-item'}
    >
      {item.icon}
      {item.label}
    </ButtonLink>
  );
  // Two halves of equal width round the add button keep it in the middle of the bar, whether the right
  // half holds two items or three (Admin).
  return (
    <nav aria-label="Main" className={isAdmin ? 'app-bottom-bar is-admin' : 'app-bottom-bar'}>
      <div className="app-bottom-half">{left.map(link)}</div>
      <button
        type="button"
        className="app-fab"
        aria-label="Create bet"
        onClick={() => void navigate('/?create=1')}
      >
        <AddIcon />
      </button>
      <div className="app-bottom-half">{right.map(link)}</div>
    </nav>
  );
}

export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  // What the first screen does not draw (the live stream, the expiring-bets check, the push subscription, the
  // bell's count) starts a task after the shell and the screen have committed and sent their own requests: all
  // together were one long task of 70-140 ms at Lighthouse's 4x CPU slowdown on the dashboard.
  const started = useAfterFirstRender();
  const { connected } = useLiveUpdates(user, started);
  useExpiryReminders(user, started);
  useEffect(() => {
    if (!started) return;
    // Loaded here, not with the shell: nothing on the first screen waits for it.
    void import('../../lib/web-push').then((module) => module.syncPushSubscription()).catch(() => undefined);
  }, [user.id, started]);
  const bell = (
    <NotificationBell
      pushNotifications={user.pushNotifications}
      pollingInterval={connected ? 0 : NOTIFICATIONS_FALLBACK_POLL_MS}
      fetchCount={started}
    />
  );
  // Only the bars of this width are drawn (CSS hid the others, but they were rendered all the same: a second
  // bell and the desktop's buttons on every phone's first visit, the Total Blocking Time). Read at
  // once, so the first render already has the right ones.
  const desktop = useMediaQuery(DESKTOP_QUERY);
  return (
    <div className="app-root" data-live-updates={connected ? 'connected' : 'connecting'}>
      {desktop ? <TopBar user={user} bell={bell} /> : <PhoneTopBar user={user} bell={bell} />}
      <main className="app-main">
        {!user.isEmailVerified && <EmailConfirmBanner email={user.email} />}
        {children}
      </main>
      {!desktop && <BottomBar isAdmin={user.isAdmin} />}
    </div>
  );
}
