import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { matchPath, Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { pendingLinkPath } from '../lib/pending-link';
import { appPath } from '../lib/nav';
import { mayHaveSession } from '../lib/auth-storage';
import { appStore, loadStore } from '../store/app-store';
import type { AuthState } from './AuthProbe';

// Each half loads only when shown: a signed-out visit fetches no shell code, a signed-in one no landing code.
const LandingPage = lazy(() => import('../features/landing/LandingPage'));
const loadShell = () => import('./layout/AppShell');
const AppShell = lazy(() => loadShell().then((module) => ({ default: module.AppShell })));
// MUI with our theme, around what is drawn with MUI: the shell and the signed-out link pages. The landing
// page is plain HTML and CSS, so a signed-out first visit loads no MUI (issue #11).
const loadThemeRoot = () => import('../components/ThemeRoot');
const ThemeRoot = lazy(() => loadThemeRoot().then((module) => ({ default: module.ThemeRoot })));
// The session is read with the store (RTK Query): both load only when there may be a session to read.
const AuthProbe = lazy(() =>
  Promise.all([import('./AuthProbe'), loadStore()]).then(([module]) => ({ default: module.AuthProbe })),
);
const loadDashboard = () => import('../features/bets/DashboardPage');
const subscribeToStore = (listener: () => void) => appStore.subscribe(listener);

/**
 * Links people send to someone who may have no account yet (invite links, open challenges): signed out, these
 * show their own page (which leads through sign-up or sign-in and back to the same address) instead of the
 * landing page.
 */
const SIGNED_OUT_PAGES = ['/invite/:code', '/c/:code'];

/**
 * Signed out, or while authentication is loading, every path but SIGNED_OUT_PAGES shows the landing page
 * (docs/product.md §2). Signed in after choosing an invite or challenge link, the visitor is taken back to it
 * (docs/product.md, "Invite links", "Open challenge links").
 */
function Root() {
  const { pathname } = useLocation();
  const publicPage = SIGNED_OUT_PAGES.some((pattern) => matchPath(pattern, pathname));
  // Without a stored token or the session marker cookie there is no one to ask about (auth-api.ts): the
  // landing page shows at once, without the store. Signing in stores the token and dispatches, which
  // re-reads this.
  const maySignedIn = useSyncExternalStore(subscribeToStore, mayHaveSession);
  const askAuth = maySignedIn || publicPage;
  const [auth, setAuth] = useState<AuthState>({ user: null, isLoading: true });
  const { user, isLoading } = askAuth ? auth : { user: null, isLoading: false };
  // What the answer will need is fetched while the session is read, not after: MUI's theme for either page,
  // the shell where there may be a session, and the dashboard where it is what the shell will show (it was
  // fetched only once the shell had drawn, one more round trip before the first screen).
  useEffect(() => {
    if (askAuth) void loadThemeRoot().catch(() => undefined); // retried when rendered
    if (maySignedIn) void loadShell().catch(() => undefined);
    if (maySignedIn && pathname === '/') void loadDashboard().catch(() => undefined);
  }, [askAuth, maySignedIn, pathname]);
  return (
    <>
      {askAuth && (
        <Suspense fallback={null}>
          <AuthProbe onChange={setAuth} />
        </Suspense>
      )}
      <RootView user={user} isLoading={isLoading} publicPage={publicPage} />
    </>
  );
}

function RootView({ user, isLoading, publicPage }: AuthState & { publicPage: boolean }): ReactNode {
  if (publicPage && !user) {
    return (
      <Suspense fallback={<PageLoader />}>
        {isLoading ? (
          <PageLoader />
        ) : (
          <ThemeRoot>
            <Outlet />
          </ThemeRoot>
        )}
      </Suspense>
    );
  }
  const back = user ? pendingLinkPath() : null;
  if (back && !publicPage) return <Navigate to={back} replace />;
  if (isLoading || !user) {
    return (
      <Suspense fallback={<PageLoader />}>
        <LandingPage />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <ThemeRoot>
        <AppShell user={user}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell>
      </ThemeRoot>
    </Suspense>
  );
}

const DashboardPage = lazy(loadDashboard);
const FriendsPage = lazy(() => import('../features/friends/FriendsPage'));
const WalletPage = lazy(() => import('../features/wallet/WalletPage'));
const HistoryPage = lazy(() => import('../features/bets/HistoryPage'));
const BetPage = lazy(() => import('../features/bets/BetPage'));
const AccountPage = lazy(() => import('../features/account/AccountPage'));
const AdminPage = lazy(() => import('../features/admin/AdminPage'));
const InvitePage = lazy(() => import('../features/friends/InvitePage'));
const ChallengePage = lazy(() => import('../features/bets/ChallengePage'));
const NotFoundPage = lazy(() => import('../components/NotFoundPage'));

/**
 * The app's routes. Declarative (`<Routes>` under a `<BrowserRouter>`), not a data router: nothing here uses
 * loaders or actions, and createBrowserRouter's router brought about 15 kB gzip into every first visit.
 * Each screen is React.lazy, so it loads when it is rendered, not when its path matches (signed out, Root
 * shows the landing page instead of the Outlet).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Root />}>
        <Route index element={<DashboardPage />} />
        <Route path="friends" element={<FriendsPage />} />
        <Route path="history" element={<WalletPage />} />
        <Route path="bets" element={<HistoryPage />} />
        <Route path="bets/:id" element={<BetPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="admin" element={<AdminPage />} />
        <Route path="invite/:code" element={<InvitePage />} />
        <Route path="c/:code" element={<ChallengePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** A click on a notification focuses this window and asks it (through the service worker) to open the link. */
export function useServiceWorkerNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type === 'navigate' && typeof data.url === 'string') void navigate(appPath(data.url));
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    // Messages wait in the client's queue until this (so one sent while the app was starting is not lost).
    navigator.serviceWorker.startMessages();
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);
}
