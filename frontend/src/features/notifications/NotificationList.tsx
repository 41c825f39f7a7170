import CloseIcon from '@mui/icons-material/Close';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import SettingsIcon from '@mui/icons-material/Settings';
import { Alert, Box, Button, Divider, IconButton, List, Skeleton, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { appPath } from '../../lib/nav';
import { NotificationItem } from './NotificationItem';
import { NotificationsTitle } from './NotificationsTitle';
import { unreadCountOf } from '../../api/notification-cache';
import type { AppNotification } from './types';
import {
  useNotificationsControllerListPagesInfiniteQuery,
  useNotificationsControllerReadAllMutation,
  useNotificationsControllerReadMutation,
} from '../../api/enhanced-api';

function LoadingNotifications() {
  return (
    <Stack spacing={1} sx={{ p: 2 }} role="status" aria-label="Loading notifications">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} variant="rounded" height={64} />
      ))}
    </Stack>
  );
}

function NoNotifications() {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', px: 3, py: 5 }}>
      <NotificationsNoneIcon color="disabled" sx={{ fontSize: 48 }} />
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
        No notifications yet
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Challenges, results and friend requests will show up here.
      </Typography>
    </Stack>
  );
}

/** The bell's content: header with settings, 'Mark all as read', and the list (loading, empty, older pages). */
export function NotificationList({
  titleId,
  onClose,
  onOpenSettings,
}: {
  titleId: string;
  onClose: () => void;
  onOpenSettings: () => void;
}) {
  const navigate = useNavigate();
  const run = useMutationToast();
  const query = useNotificationsControllerListPagesInfiniteQuery();
  const [markRead] = useNotificationsControllerReadMutation();
  const [markAllRead, markingAll] = useNotificationsControllerReadAllMutation();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = unreadCountOf(query.data);

  const open = (notification: AppNotification) => {
    onClose();
    if (notification.readAt === null) void markRead(notification.id);
    void navigate(appPath(notification.url));
  };
  const readAll = async () => {
    await run(() => markAllRead().unwrap(), {
      failure: { title: 'Error', fallback: 'Failed to mark notifications as read.' },
    });
  };

  return (
    <>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', pl: 2, pr: 1, pt: 1.5, pb: 0.5 }}>
        <NotificationsTitle id={titleId} sx={{ flex: 1 }} />
        <IconButton aria-label="Notification settings" onClick={onOpenSettings}>
          <SettingsIcon />
        </IconButton>
        <IconButton aria-label="Close notifications" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', pl: 2, pr: 1, pb: 1 }}
      >
        <Typography variant="body2" color="text.secondary">
          {unread > 0 ? `${unread} unread` : 'All read'}
        </Typography>
        <Button
          size="small"
          startIcon={<DoneAllIcon />}
          onClick={() => void readAll()}
          disabled={unread === 0 || markingAll.isLoading}
        >
          Mark all as read
        </Button>
      </Stack>
      <Divider />
      <Box sx={{ overflowY: 'auto', flex: 1 }}>
        {query.isLoading ? (
          <LoadingNotifications />
        ) : query.isError && items.length === 0 ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                Retry
              </Button>
            }
          >
            Could not load notifications.
          </Alert>
        ) : items.length === 0 ? (
          <NoNotifications />
        ) : (
          <List disablePadding aria-labelledby={titleId}>
            {items.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} onOpen={open} />
            ))}
          </List>
        )}
        {query.hasNextPage && (
          <Box sx={{ p: 1 }}>
            <Button fullWidth onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? 'Loading…' : 'Show older notifications'}
            </Button>
          </Box>
        )}
      </Box>
    </>
  );
}
