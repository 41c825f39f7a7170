import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * Betwixt's MUI theme, around the parts of the page drawn with MUI (the signed-in shell, the link pages, the
 * sign-in dialog, the toasts). Not in the entry: the landing page is plain HTML and CSS, so a signed-out
 * first visit loads no MUI. The page's baseline (what CssBaseline did) is app/global.css.
 */
export function ThemeRoot({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
