import { Box, CircularProgress, Drawer, Popover } from '@mui/material';
import { lazy, Suspense } from 'react';
import { NotificationsTitle } from './NotificationsTitle';

// The list loads when the panel first opens (or when the shell is idle, see NotificationBell).
export const loadNotificationList = () => import('./NotificationList');
const NotificationList = lazy(async () => ({ default: (await loadNotificationList()).NotificationList }));

/**
 * While the list's code loads, the panel already shows its title where the list will put it: the dialog is
 * labelled by it (a dialog without a name is announced as just "dialog"), and the header does not jump.
 */
function PanelLoading({ titleId }: { titleId: string }) {
  return (
    <>
      {/* Where the list's header row puts the title: the row's padding around the 44 px of its icon buttons. */}
      <Box sx={{ pl: 2, pr: 1, pt: 1.5, pb: 0.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 44 }}>
          <NotificationsTitle id={titleId} />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
        <CircularProgress size={28} aria-label="Loading notifications" />
      </Box>
    </>
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
    <Suspense fallback={<PanelLoading titleId={titleId} />}>
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
