import { lazy, Suspense } from 'react';
import { createBrowserRouter, matchPath, Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { useAuth } from '../session/use-auth';
import { pendingLinkPath } from '../lib/pending-link';

// Each half loads only when shown: a signed-out visit fetches no shell code, a signed-in one no landing code.
const LandingPage = lazy(() => import('../features/landing/LandingPage'));
const AppShell = lazy(() => import('./layout/AppShell').then((module) => ({ default: module.AppShell })));

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
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  const publicPage = SIGNED_OUT_PAGES.some((pattern) => matchPath(pattern, pathname));
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

/**
 * A screen that loads when it is rendered (React.lazy), not when its path matches: a route `lazy` would be
 * fetched by the router even for a signed-out visit, where Root shows the landing page instead of the Outlet.
 */
const page = (load: () => Promise<{ default: React.ComponentType }>) => ({ Component: lazy(load) });

export const router = createBrowserRouter([
  {
    path: '/',
    Component: Root,
    // The first matched route is lazy, so the router shows this until it has loaded (and does not warn
    // "No HydrateFallback element provided").
    HydrateFallback: PageLoader,
    children: [
      { index: true, ...page(() => import('../features/bets/DashboardPage')) },
      { path: 'friends', ...page(() => import('../features/friends/FriendsPage')) },
      { path: 'history', ...page(() => import('../features/wallet/WalletPage')) },
      { path: 'bets', ...page(() => import('../features/bets/HistoryPage')) },
      { path: 'bets/:id', ...page(() => import('../features/bets/BetPage')) },
      { path: 'account', ...page(() => import('../features/account/AccountPage')) },
      { path: 'admin', ...page(() => import('../features/admin/AdminPage')) },
      { path: 'invite/:code', ...page(() => import('../features/friends/InvitePage')) },
      { path: 'c/:code', ...page(() => import('../features/bets/ChallengePage')) },
      { path: '*', ...page(() => import('../components/NotFoundPage')) },
    ],
  },
]);
