import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { useAuth } from '../features/auth/use-auth';
import { AppShell } from './layout/AppShell';

const LandingPage = lazy(() => import('../features/landing/LandingPage'));

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
    <AppShell user={user}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const router = createBrowserRouter([
  {
    path: '/',
    Component: Root,
    // The first matched route is lazy, so the router shows this until it has loaded (and does not warn
    // "No HydrateFallback element provided").
    HydrateFallback: PageLoader,
    children: [
      { index: true, lazy: page(() => import('../features/dashboard/DashboardPage')) },
      { path: 'friends', lazy: page(() => import('../features/friends/FriendsPage')) },
      { path: 'history', lazy: page(() => import('../features/wallet/WalletPage')) },
      { path: 'bets', lazy: page(() => import('../features/bets/HistoryPage')) },
      { path: 'bets/:id', lazy: page(() => import('../features/bets/BetPage')) },
      { path: 'account', lazy: page(() => import('../features/account/AccountPage')) },
      { path: 'admin', lazy: page(() => import('../features/admin/AdminPage')) },
      { path: '*', lazy: page(() => import('../features/not-found/NotFoundPage')) },
    ],
  },
]);
