import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Drawer, IconButton, Popover, Tooltip, useMediaQuery, useTheme } from '@mui/material';
import { useId, useState } from 'react';
import { NotificationSettingsDialog } from '../../components/notification-settings/NotificationSettingsDialog';
import { unreadCountOf } from './notification-cache';
import { NotificationList } from './NotificationList';
import { useNotificationsInfiniteQuery } from './notifications-api';

const MAX_SHOWN = 99;

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
  const panelId = useId();
  const titleId = useId();
  const { data } = useNotificationsInfiniteQuery(undefined, { pollingInterval });
  const unread = unreadCountOf(data);
  const label = bellLabel(unread);
  const open = anchor !== null;
  const close = () => setAnchor(null);
  const list = (
    <NotificationList
      titleId={titleId}
      onClose={close}
      onOpenSettings={() => {
        close();
        setSettingsOpen(true);
      }}
    />
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
      <NotificationSettingsDialog
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        pushNotifications={pushNotifications}
      />
    </>
  );
}
