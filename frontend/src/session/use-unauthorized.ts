import { useEffect, useRef } from 'react';
import { useToast } from '../components/toast/use-toast';
import { isApiError } from '../lib/errors';

/** docs/product.md §2: a protected page that finds itself signed out says so and goes to /api/login after 500 ms. */
export function useUnauthorizedRedirect(...errors: unknown[]): void {
  const toast = useToast();
  const fired = useRef(false);
  const unauthorized = errors.some((error) => isApiError(error) && error.status === 401);
  useEffect(() => {
    if (!unauthorized || fired.current) return;
    fired.current = true;
    toast({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    const timer = setTimeout(() => window.location.assign('/api/login'), 500);
    return () => clearTimeout(timer);
  }, [unauthorized, toast]);
}
