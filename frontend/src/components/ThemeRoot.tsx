import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../lib/use-media-query';
import { reducedMotionTheme, theme } from './theme';

/**
 * Betwixt's MUI theme, around the parts of the page drawn with MUI (the signed-in shell, the link pages, the
 * sign-in dialog, the toasts). Not in the entry: the landing page is plain HTML and CSS, so a signed-out
 * first visit loads no MUI. The page's baseline (what CssBaseline did) is app/global.css.
 * The device's reduced-motion setting is followed, and a change to it applies without a reload.
 */
export function ThemeRoot({ children }: { children: ReactNode }) {
  const reduceMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  return <ThemeProvider theme={reduceMotion ? reducedMotionTheme : theme}>{children}</ThemeProvider>;
}
