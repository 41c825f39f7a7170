import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import Diversity3Icon from '@mui/icons-material/Diversity3';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupsIcon from '@mui/icons-material/Groups';
import HandshakeIcon from '@mui/icons-material/Handshake';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Box, ListItem, ListItemButton, ListItemIcon, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatRelativeTime } from '../../lib/time';
import type { AppNotification } from './types';

const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A group pot's own kinds (invited, joined, locked, void, reminder, settled). */
export function isPotNotification(notification: Pick<AppNotification, 'type'>): boolean {
  return notification.type.startsWith('pot_');
}

function iconFor(notification: AppNotification): ReactNode {
  // A group pot's events show the group, whatever switch they come under.
  if (isPotNotification(notification)) return <Diversity3Icon />;
  switch (notification.category) {
    case 'betUpdates':
      return <HandshakeIcon />;
    case 'betExpiring':
      return <HourglassBottomIcon />;
    case 'betResolved':
      return <EmojiEventsIcon />;
    case 'friendRequests':
      return <PersonAddIcon />;
    case 'account':
      return notification.type === 'balance_adjusted' ? <AccountBalanceWalletIcon /> : <GavelIcon />;
    case 'circles':
      return <GroupsIcon />;
  }
}

/** One entry of the bell's list: unread ones are tinted, bold and marked for screen readers. */
export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: AppNotification;
  onOpen: (notification: AppNotification) => void;
}) {
  const unread = notification.readAt === null;
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        onClick={() => onOpen(notification)}
        data-testid={`notification-${notification.id}`}
        sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25, bgcolor: unread ? 'action.hover' : undefined }}
      >
        <ListItemIcon sx={{ minWidth: 0, mt: 0.25, color: unread ? 'primary.main' : 'text.secondary' }}>
          {iconFor(notification)}
        </ListItemIcon>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: unread ? 700 : 500, overflowWrap: 'anywhere' }}>
            {unread && (
              <Box component="span" sx={hidden}>
                Unread:{' '}
              </Box>
            )}
            {notification.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {notification.body}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            component="time"
            dateTime={notification.createdAt}
            title={new Date(notification.createdAt).toLocaleString('en-US')}
          >
            {formatRelativeTime(notification.createdAt)}
          </Typography>
        </Box>
        {unread && (
          <Box
            aria-hidden="true"
            sx={{
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: 'primary.main',
              mt: 0.75,
              flexShrink: 0,
            }}
          />
        )}
      </ListItemButton>
    </ListItem>
  );
}
