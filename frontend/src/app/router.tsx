import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { matchPath, Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { LazyThemeRoot, loadThemeRoot } from '../components/LazyThemeRoot';
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
// MUI with our theme (LazyThemeRoot), around what is drawn with MUI: the signed-out link pages and every
// signed-in screen but the dashboard. The landing page, the shell and the dashboard are plain HTML and CSS, so
// neither first visit waits for MUI.
// The session is read with the store (RTK Query): both load only when there may be a session to read.
const loadAuthProbe = () => Promise.all([import('./AuthProbe'), loadStore()]);
const AuthProbe = lazy(() => loadAuthProbe().then(([module]) => ({ default: module.AuthProbe })));
const loadDashboard = () => import('../features/bets/DashboardPage');

/** The shell, and the dashboard where it is what the shell will show. */
function prefetchSignedIn(dashboard: boolean): void {
  void loadShell().catch(() => undefined); // retried when rendered
  if (dashboard) void loadDashboard().catch(() => undefined);
}

/**
 * Called by main.tsx before React's first render: where there may be a session, what reading it needs (the
 * store and AuthProbe) and what a signed-in answer will show (the shell, the dashboard on /) are fetched while
 * React draws the landing page, not from Root's effect once that first render (a long task on a phone) has
 * committed: the signed-in first screen comes that much sooner (Largest Contentful Paint).
 */
export function prefetchForSession(pathname: string): void {
  if (!mayHaveSession()) return;
  void loadAuthProbe().catch(() => undefined); // retried when rendered
  prefetchSignedIn(pathname === '/');
}
const subscribeToStore = (listener: () => void) => appStore.subscribe(listener);

/**
 * Links people send to someone who may have no account yet (invite links, open challenges): signed out, these
 * show their own page (which leads through sign-up or sign-in and back to the same address) instead of the
 * landing page.
 */
const SIGNED_OUT_PAGES = [
  '/invite/:code',
  '/c/:code',
  '/circles/join/:code',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
];

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
  // What the answer will need is fetched while the session is read, not after: the shell where there may be a
  // session, and the dashboard where it is what the shell will show (it was fetched only once the shell had
  // drawn, one more round trip before the first screen); MUI's theme for any other page. The dashboard draws
  // without MUI: its core then loads once the dashboard is idle (useLoadWhenIdle), after the first screen.
  const dashboard = pathname === '/';
  useEffect(() => {
    if (askAuth && !dashboard) void loadThemeRoot().catch(() => undefined); // retried when rendered
    if (maySignedIn) prefetchSignedIn(dashboard);
  }, [askAuth, maySignedIn, dashboard]);
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
    return <Suspense fallback={<PageLoader />}>{isLoading ? <PageLoader /> : <Outlet />}</Suspense>;
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
      <AppShell user={user}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell>
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
const ForgotPasswordPage = lazy(() => import('../features/password/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/password/ResetPasswordPage'));
const VerifyEmailPage = lazy(() => import('../features/password/VerifyEmailPage'));
const NotFoundPage = lazy(() => import('../components/NotFoundPage'));
const CirclesPage = lazy(() => import('../features/circles/CirclesPage'));
const CirclePage = lazy(() => import('../features/circles/CirclePage'));
const JoinCirclePage = lazy(() => import('../features/circles/JoinCirclePage'));

/**
 * The app's routes. Declarative (`<Routes>` under a `<BrowserRouter>`), not a data router: nothing here uses
 * loaders or actions, and createBrowserRouter's router brought about 15 kB gzip into every first visit.
 * Each screen is React.lazy, so it loads when it is rendered, not when its path matches (signed out, Root
 * shows the landing page instead of the Outlet). Every screen but the dashboard is drawn with MUI and comes
 * with its theme (LazyThemeRoot, loaded with the screen's code); the dashboard draws without it.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Root />}>
        <Route index element={<DashboardPage />} />
        <Route
          path="friends"
          element={
            <LazyThemeRoot>
              <FriendsPage />
            </LazyThemeRoot>
          }
        />
        <Route
          path="circles"
          element={
            <LazyThemeRoot>
              <CirclesPage />
            </LazyThemeRoot>
          }
        />
        <Route
          path="circles/join/:code"
          element={
            <LazyThemeRoot>
              <JoinCirclePage />
            </LazyThemeRoot>
          }
        />
        <Route
          path="circles/:id"
          element={
            <LazyThemeRoot>
              <CirclePage />
            </LazyThemeRoot>
          }
        />
        <Route
          path="history"
          element={
            <LazyThemeRoot>
              <WalletPage />
            </LazyThemeRoot>
          }
        />
        <Route
          path="bets"
          element={
            <LazyThemeRoot>
              <HistoryPage />
            </LazyThemeRoot>
          }
        />
        <Route
          path="bets/:id"
          element={
            <LazyThemeRoot>
              <BetPage />
            </LazyThemeRoot>
          }
        />
        <Route
          path="account"
          element={
            <LazyThemeRoot>
              <AccountPage />
            </LazyThemeRoot>
          }
        />
        <Route
          path="admin"
          element={
            <LazyThemeRoot>
              <AdminPage />
            </LazyThemeRoot>
          }
        />
        <Route
          path="invite/:code"
          element={
            <LazyThemeRoot>
              <InvitePage />
            </LazyThemeRoot>
          }
        />
        <Route
          path="c/:code"
          element={
            <LazyThemeRoot>
              <ChallengePage />
            </LazyThemeRoot>
          }
        />
        <Route
          path="forgot-password"
          element={
            <LazyThemeRoot>
              <ForgotPasswordPage />
            </LazyThemeRoot>
          }
        />
        <Route
          path="reset-password"
          element={
            <LazyThemeRoot>
              <ResetPasswordPage />
            </LazyThemeRoot>
          }
        />
        <Route
          path="verify-email"
          element={
            <LazyThemeRoot>
              <VerifyEmailPage />
            </LazyThemeRoot>
          }
        />
        <Route
          path="*"
          element={
            <LazyThemeRoot>
              <NotFoundPage />
            </LazyThemeRoot>
          }
        />
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
