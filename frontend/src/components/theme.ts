import { createTheme } from '@mui/material/styles';

/** Betwixt: deep violet with a warm amber accent; rounded, touch-friendly, readable contrast. */
export const theme = createTheme({
  palette: {
    primary: { main: '#4527a0', light: '#7953d2', dark: '#000070', contrastText: '#ffffff' },
    secondary: { main: '#ffb300', contrastText: '#1b1b1b' },
    background: { default: '#f7f5fb', paper: '#ffffff' },
    success: { main: '#2e7d32' },
    error: { main: '#c62828' },
    // MUI's orange (#ed6c02) under white text is 3.1:1; this amber reads 5:1 (the 'Disputed' chips, the
    // 'Create Dispute' button, warning text).
    warning: { main: '#b45309', dark: '#92400e', contrastText: '#ffffff' },
    // The same for the blue of plain toasts: MUI's #0288d1 under white text is 4.0:1.
    info: { main: '#01579b', contrastText: '#ffffff' },
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
    // A visible ring for keyboard focus on everything clickable (buttons, tabs, chips, list items, switches):
    // MUI shows only a faint ripple, which is not enough to tell where the focus is. Pointer clicks do not
    // get it (`Mui-focusVisible` follows :focus-visible).
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: '3px solid #7953d2', outlineOffset: 2 },
        },
      },
    },
    // Plain links (the logo, links in text) get the same ring.
    MuiLink: {
      styleOverrides: { root: { '&:focus-visible': { outline: '3px solid #7953d2', outlineOffset: 2 } } },
    },
    // Tap targets of at least 44x44 px everywhere (e2e/accessibility.spec measures every screen).
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { minHeight: 44 } } },
    // MUI's are 40 px (34 when small): the dialogs' close buttons, the wallet's eye, paging arrows.
    MuiIconButton: { styleOverrides: { root: { minWidth: 44, minHeight: 44 } } },
    // 42 px by default (9 px around a 24 px icon).
    MuiCheckbox: { styleOverrides: { root: { padding: 10 } } },
    MuiRadio: { styleOverrides: { root: { padding: 10 } } },
    // MUI's switch is 58x38 with a 38 px thumb area; 64x44 with the same track and thumb, centred (the
    // thumb's 12 px ring makes its 44 px target, the track keeps its 14 px).
    MuiSwitch: {
      styleOverrides: {
        root: { width: 64, height: 44, padding: 15 },
        // The root clips what overflows it, which hid the focus ring drawn outside the thumb's area: the ring
        // goes inside it instead, round the thumb.
        switchBase: { padding: 12, '&.Mui-focusVisible': { outlineOffset: -4 } },
      },
    },
    // Menu items are 48 px on phones but shrink to 36 from 600 px up (the desktop account menu).
    MuiMenuItem: { styleOverrides: { root: { minHeight: 44 } } },
    // A chip you can press (quick amounts) is a button: 44 px tall; plain chips stay 32 px labels.
    MuiChip: { styleOverrides: { clickable: { height: 44, borderRadius: 22 } } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
  },
});

/**
 * The same theme for people who asked their device for less motion (`prefers-reduced-motion: reduce`): dialogs,
 * menus, toasts and collapses appear and leave at once and buttons have no ripple. app/global.css stops CSS
 * animations (skeleton pulses, spinners) for them.
 */
export const reducedMotionTheme = createTheme(theme, {
  transitions: {
    create: () => 'none',
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
});
