import { Box, Button, Fade, Stack, Typography, useMediaQuery } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Logo } from '../../components/Logo';
import { SignedOutPage } from '../../components/SignedOutPage';
import { useToast } from '../../components/toast/use-toast';
import type { AuthTab } from '../../session/AuthDialog';
import { loadStore } from '../../store/app-store';

// The forms (Formik, Yup, text fields, tabs) and the store they sign in with load when a visitor heads for
// them (a press, a hover or the keyboard focus on Get Started or Sign In), not with the page.
const loadAuthDialog = () =>
  Promise.all([import('../../session/AuthDialog'), loadStore()]).then(([module]) => module);
const AuthDialog = lazy(() => loadAuthDialog().then((module) => ({ default: module.AuthDialog })));
const prefetchAuthDialog = () => void loadAuthDialog().catch(() => undefined); // retried on open

export const ROTATING_WORDS = ['Confidence', 'Friends', 'Ease', 'Simplicity', 'Trust'] as const;
export const WORD_INTERVAL_MS = 2250;
export const FADE_MS = 250;

const LOGIN_ERRORS: Record<string, string> = {
  oidc_not_configured:
    'Signing in with an identity provider is not set up on this server. Use your email or username instead.',
  oidc_failed: 'The identity provider sign-in did not complete. Please try again.',
  email_in_use: 'An account with this email already exists. Sign in with your password instead.',
  account_unavailable: 'This account cannot sign in right now.',
};

/** The identity-provider flow comes back with ?login_error=…; say what happened, then tidy the address. */
function useLoginErrorToast() {
  const toast = useToast();
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const reason = params.get('login_error');
    if (!reason) return;
    toast({
      title: 'Login Failed',
      description: LOGIN_ERRORS[reason] ?? LOGIN_ERRORS.oidc_failed,
      variant: 'destructive',
    });
    params.delete('login_error');
    const query = params.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  }, [toast]);
}

const prefetchOn = {
  onPointerEnter: prefetchAuthDialog,
  onPointerDown: prefetchAuthDialog,
  onFocus: prefetchAuthDialog,
};

/** Signed-out visitors see this on every path (docs/product.md §2 Routing). */
export default function LandingPage() {
  useLoginErrorToast();
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);
  const [dialog, setDialog] = useState<{ open: boolean; opened: boolean; tab: AuthTab }>({
    open: false,
    opened: false,
    tab: 'signup',
  });
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');

  useEffect(() => {
    let fade: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      setVisible(false);
      fade = setTimeout(
        () => {
          setIndex((current) => (current + 1) % ROTATING_WORDS.length);
          setVisible(true);
        },
        reduceMotion ? 0 : FADE_MS,
      );
    }, WORD_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      if (fade) clearTimeout(fade);
    };
  }, [reduceMotion]);

  return (
    <SignedOutPage>
      <Stack spacing={4} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Logo size={56} />
          <Typography variant="h3" component="h1" color="primary" sx={{ fontWeight: 800 }}>
            Betwixt
          </Typography>
        </Stack>
        <Typography variant="h4" component="p" sx={{ fontSize: { xs: '1.9rem', sm: '2.4rem' } }}>
          Bet with{' '}
          {/* The word sits in a box as wide as the longest word (all of them stacked in one grid cell, the
              others invisible), so the centred line keeps still as the word changes (issue #15). */}
          <Box
            component="span"
            data-testid="rotating-word-box"
            sx={{ display: 'inline-grid', textAlign: 'start', fontWeight: 800 }}
          >
            {ROTATING_WORDS.map((word) => (
              <Box key={word} component="span" aria-hidden sx={{ gridArea: '1 / 1', visibility: 'hidden' }}>
                {word}
              </Box>
            ))}
            <Fade in={visible} appear={false} timeout={reduceMotion ? 0 : FADE_MS}>
              <Box
                component="span"
                data-testid="rotating-word"
                aria-live="polite"
                sx={{ gridArea: '1 / 1', color: 'secondary.dark' }}
              >
                {ROTATING_WORDS[index]}
              </Box>
            </Fade>
          </Box>
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
          Challenge friends with virtual dollars, settle by mutual agreement, and let an admin step in when
          you disagree.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: { xs: '100%', sm: 'auto' } }}>
          <Button
            variant="contained"
            size="large"
            {...prefetchOn}
            onClick={() => setDialog({ open: true, opened: true, tab: 'signup' })}
          >
            Get Started
          </Button>
          <Button
            variant="outlined"
            size="large"
            {...prefetchOn}
            onClick={() => setDialog({ open: true, opened: true, tab: 'login' })}
          >
            Sign In
          </Button>
        </Stack>
      </Stack>
      {dialog.opened && (
        <Suspense fallback={null}>
          <AuthDialog
            open={dialog.open}
            tab={dialog.tab}
            onTabChange={(tab) => setDialog({ open: true, opened: true, tab })}
            onClose={() => setDialog((current) => ({ ...current, open: false }))}
          />
        </Suspense>
      )}
    </SignedOutPage>
  );
}
