import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { Logo } from '../../components/Logo';
import { SignedOutPage } from '../../components/SignedOutPage';
import { useToast } from '../../components/toast/use-toast';
import type { AuthTab } from '../../session/AuthDialog';
import { loadStore } from '../../store/app-store';
import { REDUCED_MOTION_QUERY } from '../../lib/use-media-query';
import './LandingPage.css';

// The forms (Formik, Yup, text fields, tabs), MUI with our theme and the store they sign in with load when a
// visitor heads for them (a press, a hover or the keyboard focus on Get Started or Sign In), not with the
// page: the page itself is plain HTML and CSS (LandingPage.css), so a signed-out first visit loads no MUI.
const loadAuthDialog = () =>
  Promise.all([import('../../session/AuthDialog'), import('../../components/ThemeRoot'), loadStore()]);
const AuthDialog = lazy(() =>
  loadAuthDialog().then(([{ AuthDialog: Dialog }, { ThemeRoot }]) => ({
    default: (props: ComponentProps<typeof Dialog>) => (
      <ThemeRoot>
        <Dialog {...props} />
      </ThemeRoot>
    ),
  })),
);
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

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;

/** "Bet with" and a word that fades to the next every WORD_INTERVAL_MS. */
function Tagline() {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    let fade: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      setVisible(false);
      fade = setTimeout(
        () => {
          setIndex((current) => (current + 1) % ROTATING_WORDS.length);
          setVisible(true);
        },
        reducedMotion() ? 0 : FADE_MS,
      );
    }, WORD_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      if (fade) clearTimeout(fade);
    };
  }, []);

  return (
    <p className="landing-tagline">
      Bet with{' '}
      <span className="landing-word-box" data-testid="rotating-word-box">
        {ROTATING_WORDS.map((word) => (
          <span key={word} className="landing-word-sizer" aria-hidden>
            {word}
          </span>
        ))}
        <span
          className={visible ? 'landing-word' : 'landing-word is-hidden'}
          data-testid="rotating-word"
          aria-live="polite"
        >
          {ROTATING_WORDS[index]}
        </span>
      </span>
    </p>
  );
}

/** Signed-out visitors see this on every path (docs/product.md §2 Routing). */
export default function LandingPage() {
  useLoginErrorToast();
  const [dialog, setDialog] = useState<{ open: boolean; opened: boolean; tab: AuthTab }>({
    open: false,
    opened: false,
    tab: 'signup',
  });

  return (
    <SignedOutPage>
      <div className="landing">
        <div className="landing-brand">
          <Logo size={56} />
          <h1 className="landing-title">Betwixt</h1>
        </div>
        <Tagline />
        <p className="landing-blurb">
          Challenge friends with virtual dollars, settle by mutual agreement, and let an admin step in when
          you disagree.
        </p>
        <div className="landing-actions">
          <button
            type="button"
            className="landing-button landing-button-contained"
            {...prefetchOn}
            onClick={() => setDialog({ open: true, opened: true, tab: 'signup' })}
          >
            Get Started
          </button>
          <button
            type="button"
            className="landing-button landing-button-outlined"
            {...prefetchOn}
            onClick={() => setDialog({ open: true, opened: true, tab: 'login' })}
          >
            Sign In
          </button>
        </div>
      </div>
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
