import type { SxProps, Theme } from '@mui/material';

/**
 * Tabs whose labels all show at 360 px: below the sm breakpoint they wrap onto rows of equal-width
 * cells (the selected one filled, as the sliding indicator cannot follow a wrap); from sm up the usual
 * single row with the indicator.
 */
export const wrappingTabsSx: SxProps<Theme> = {
  '& .MuiTabs-list': { flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: { xs: 0.5, sm: 0 } },
  '& .MuiTabs-indicator': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTab-root': {
    flex: { xs: '1 1 30%', sm: '0 0 auto' },
    minWidth: 0,
    minHeight: 44,
    px: { xs: 1, sm: 2 },
    borderRadius: { xs: 1, sm: 0 },
  },
  '& .MuiTab-root.Mui-selected': { bgcolor: { xs: 'action.selected', sm: 'transparent' }, fontWeight: 700 },
};
