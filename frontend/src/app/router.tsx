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

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const router = createBrowserRouter([
  {
    path: '/',
    Component: Root,
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
