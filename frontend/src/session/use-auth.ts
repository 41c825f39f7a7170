import { useCurrentUserQuery } from '../api/enhanced-api';

/** docs/product.md §4 authentication states: loading, authenticated (a user), not authenticated. */
export function useAuth() {
  const { data, isLoading, isFetching } = useCurrentUserQuery();
  const user = data ?? null;
  return { user, isLoading: isLoading || (isFetching && data === undefined), isAuthenticated: user !== null };
}
