import { lazy, Suspense, useId, useState } from 'react';
import { LazyThemeRoot } from '../../components/LazyThemeRoot';
import { IconButton } from '../../components/plain/Button';
import { NotificationsIcon } from '../../components/plain/icons';
import { useLoadWhenIdle } from '../../lib/use-load-when-idle';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { unreadCountOf } from '../../api/notification-cache';
import './NotificationBell.css';
import { useNotificationsControllerListPagesInfiniteQuery } from '../../api/enhanced-api';

const MAX_SHOWN = 99;

// What the bell opens (the panel, its list and the settings dialog) loads when first opened, or once the shell
// is idle: the bell itself is on every signed-in screen, what it opens is not needed to draw the first one
// (the first-visit budget).
const loadBellPanel = () => import('./BellPanel');
// The idle load goes through a chunk of its own (see bell-idle-imports.ts).
const loadPanelAndList = () => import('./bell-idle-imports').then((m) => m.loadBellPanelWhenIdle());
const BellPanel = lazy(async () => ({ default: (await loadBellPanel()).BellPanel }));
const NotificationSettingsDialog = lazy(async () => ({
  default: (await import('../../components/notification-settings/NotificationSettingsDialog'))
    .NotificationSettingsDialog,
}));

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
  fetchCount = true,
}: {
  pushNotifications: boolean;
  /** Only while the live stream is down (docs/product.md §9 polling stays the fallback). */
  pollingInterval: number;
  /** False while the shell draws its first screen: the count is asked for a task later (AppShell). */
  fetchCount?: boolean;
}) {
  const phone = !useMediaQuery(DESKTOP_QUERY);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Mounted from its first opening on, so it keeps its closing transition.
  const [settingsUsed, setSettingsUsed] = useState(false);
  // The same for the panel.
  const [panelUsed, setPanelUsed] = useState(false);
  // Escape hides the tooltip until the pointer leaves or the focus moves (WCAG 1.4.13).
  const [tipDismissed, setTipDismissed] = useState(false);
  useLoadWhenIdle(loadPanelAndList);
  const panelId = useId();
  const titleId = useId();
  const { data } = useNotificationsControllerListPagesInfiniteQuery(undefined, {
    pollingInterval,
    skip: !fetchCount,
  });
  const unread = unreadCountOf(data);
  const label = bellLabel(unread);
  const shown = badgeText(unread);
  const open = anchor !== null;
  const close = () => setAnchor(null);

  return (
    <>
      {/* The tooltip is CSS (NotificationBell.css), not MUI's Tooltip: that brought Popper into every
          signed-in first visit, and wrapping it around the button later would remount the button
          under a keyboard user's focus. */}
      <span
        className={tipDismissed ? 'bell-anchor is-dismissed' : 'bell-anchor'}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setTipDismissed(true);
        }}
        onPointerLeave={() => setTipDismissed(false)}
        onBlur={() => setTipDismissed(false)}
      >
        <IconButton
          color="inherit"
          className="bell-button"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={(event) => {
            setAnchor(event.currentTarget);
            setPanelUsed(true);
          }}
        >
          {/* MUI's Badge as plain HTML and CSS (NotificationBell.css): the bell is on every signed-in first visit. */}
          <span className="bell-badge-anchor">
            <NotificationsIcon />
            {shown && <span className="bell-badge">{shown}</span>}
          </span>
        </IconButton>
        <span className="bell-tooltip" aria-hidden="true">
          {label}
        </span>
      </span>
      {panelUsed && (
        <Suspense fallback={null}>
          <LazyThemeRoot>
            <BellPanel
              phone={phone}
              anchor={anchor}
              panelId={panelId}
              titleId={titleId}
              onClose={close}
              onOpenSettings={() => {
                close();
                setSettingsUsed(true);
                setSettingsOpen(true);
              }}
            />
          </LazyThemeRoot>
        </Suspense>
      )}
      {settingsUsed && (
        <Suspense fallback={null}>
          <LazyThemeRoot>
            <NotificationSettingsDialog
              open={settingsOpen}
              onClose={() => setSettingsOpen(false)}
              pushNotifications={pushNotifications}
            />
          </LazyThemeRoot>
        </Suspense>
      )}
    </>
  );
}
