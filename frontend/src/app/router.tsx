import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { useAuth } from '../features/auth/use-auth';

// Each half loads only when shown: a signed-out visit fetches no shell code, a signed-in one no landing code.
const LandingPage = lazy(() => import('../features/landing/LandingPage'));
const AppShell = lazy(() => import('./layout/AppShell').then((module) => ({ default: module.AppShell })));

/** Signed out, or while authentication is loading, every path shows the landing page (spec §2). */
function Root() {
  const { user, isLoading } = useAuth();
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
      { index: true, ...page(() => import('../features/dashboard/DashboardPage')) },
      { path: 'friends', ...page(() => import('../features/friends/FriendsPage')) },
      { path: 'history', ...page(() => import('../features/wallet/WalletPage')) },
      { path: 'bets', ...page(() => import('../features/bets/HistoryPage')) },
      { path: 'bets/:id', ...page(() => import('../features/bets/BetPage')) },
      { path: 'account', ...page(() => import('../features/account/AccountPage')) },
      { path: 'admin', ...page(() => import('../features/admin/AdminPage')) },
      { path: '*', ...page(() => import('../features/not-found/NotFoundPage')) },
    ],
  },
]);
