import { createTheme } from '@mui/material/styles';

/** Betwixt: deep violet with a warm amber accent; rounded, touch-friendly, readable contrast. */
export const theme = createTheme({
  palette: {
    primary: { main: '#4527a0', light: '#7953d2', dark: '#000070', contrastText: '#ffffff' },
    secondary: { main: '#ffb300', contrastText: '#1b1b1b' },
    background: { default: '#f7f5fb', paper: '#ffffff' },
    success: { main: '#2e7d32' },
    error: { main: '#c62828' },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 800 },
    h4: { fontWeight: 700 },
    h5: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { minHeight: 44 } } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
  },
});
