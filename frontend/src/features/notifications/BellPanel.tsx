import { Box, CircularProgress, Drawer, Popover } from '@mui/material';
import { lazy, Suspense } from 'react';

// The list loads when the panel first opens (or when the shell is idle, see NotificationBell).
export const loadNotificationList = () => import('./NotificationList');
const NotificationList = lazy(async () => ({ default: (await loadNotificationList()).NotificationList }));

function PanelLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
      <CircularProgress size={28} aria-label="Loading notifications" />
    </Box>
  );
}

/** What the bell opens: the notification list in a popover from md, a full-width drawer on phones. */
export function BellPanel({
  phone,
  anchor,
  panelId,
  titleId,
  onClose,
  onOpenSettings,
}: {
  phone: boolean;
  anchor: HTMLElement | null;
  panelId: string;
  titleId: string;
  onClose: () => void;
  onOpenSettings: () => void;
}) {
  const open = anchor !== null;
  const list = (
    <Suspense fallback={<PanelLoading />}>
      <NotificationList titleId={titleId} onClose={onClose} onOpenSettings={onOpenSettings} />
    </Suspense>
  );
  const paper = { id: panelId, role: 'dialog', 'aria-labelledby': titleId };
  return phone ? (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          ...paper,
          sx: { width: '100%', maxWidth: 480, display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      {list}
    </Drawer>
  ) : (
    <Popover
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          ...paper,
          sx: { width: 400, maxHeight: 'min(600px, 80vh)', display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      {list}
    </Popover>
  );
}
