import { useGetCurrentUserQuery } from './auth-api';

/** docs/product.md §4 authentication states: loading, authenticated (a user), not authenticated. */
export function useAuth() {
  const { data, isLoading, isFetching } = useGetCurrentUserQuery();
  const user = data ?? null;
  return { user, isLoading: isLoading || (isFetching && data === undefined), isAuthenticated: user !== null };
}
