import NotificationsIcon from '@mui/icons-material/Notifications';
import {
  Badge,
  Box,
  CircularProgress,
  Drawer,
  IconButton,
  Popover,
  Tooltip,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';
import { unreadCountOf } from './notification-cache';
import { useNotificationsInfiniteQuery } from './notifications-api';

const MAX_SHOWN = 99;

// The list and the settings dialog load when first opened: the bell itself is on every signed-in screen, what
// it opens is not needed to draw the first one (issue #11's first-visit budget).
const NotificationList = lazy(async () => ({
  default: (await import('./NotificationList')).NotificationList,
}));
const NotificationSettingsDialog = lazy(async () => ({
  default: (await import('../../components/notification-settings/NotificationSettingsDialog'))
    .NotificationSettingsDialog,
}));

function PanelLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
      <CircularProgress size={28} aria-label="Loading notifications" />
    </Box>
  );
}

/** What the badge shows: the count, capped as '99+'; nothing at 0. */
export function badgeText(unread: number): string | undefined {
  if (unread <= 0) return undefined;
  return unread > MAX_SHOWN ? `${MAX_SHOWN}+` : String(unread);
}

/** The bell's accessible name holds the badge's visible text, so speech users can say what they see. */
export function bellLabel(unread: number): string {
  const shown = badgeText(unread);
  return shown ? `Notifications, ${shown} unread` : 'Notifications';
}

/**
 * The bell with the unread count; opens the list (a popover from md, a full-width drawer on phones)
 * and, from there, the notification settings dialog.
 */
export function NotificationBell({
  pushNotifications,
  pollingInterval,
}: {
  pushNotifications: boolean;
  /** Only while the live stream is down (docs/product.md §9 polling stays the fallback). */
  pollingInterval: number;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Mounted from its first opening on, so it keeps its closing transition.
  const [settingsUsed, setSettingsUsed] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const { data } = useNotificationsInfiniteQuery(undefined, { pollingInterval });
  const unread = unreadCountOf(data);
  const label = bellLabel(unread);
  const open = anchor !== null;
  const close = () => setAnchor(null);
  const list = (
    <Suspense fallback={<PanelLoading />}>
      <NotificationList
        titleId={titleId}
        onClose={close}
        onOpenSettings={() => {
          close();
          setSettingsUsed(true);
          setSettingsOpen(true);
        }}
      />
    </Suspense>
  );
  const paper = { id: panelId, role: 'dialog', 'aria-labelledby': titleId };

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          sx={{ width: 44, height: 44 }}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={badgeText(unread)} color="error">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      {phone ? (
        <Drawer
          anchor="right"
          open={open}
          onClose={close}
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
          onClose={close}
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
      )}
      {settingsUsed && (
        <Suspense fallback={null}>
          <NotificationSettingsDialog
            open={settingsOpen}
            onClose={() => setSettingsOpen(false)}
            pushNotifications={pushNotifications}
          />
        </Suspense>
      )}
    </>
  );
}
