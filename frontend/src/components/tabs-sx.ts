import type { SxProps, Theme } from '@mui/material';

/**
 * Tabs on one row at any width: compact cells that fit four labels at 360 px, and a row that scrolls
 * sideways (by swipe, or by the arrow keys that move between tabs) when there are more, with the sliding
 * indicator under the selected one. Wrapping onto a second row read as two groups of tabs.
 */
export const oneRowTabs = {
  variant: 'scrollable',
  scrollButtons: false,
  sx: {
    '& .MuiTab-root': { minWidth: 0, minHeight: 44, px: { xs: 1.5, sm: 2 } },
    '& .MuiTab-root.Mui-selected': { fontWeight: 700 },
  } satisfies SxProps<Theme>,
} as const;
