import { useEffect, useEffectEvent, useRef } from 'react';
import { browserPermission, showBrowserNotification } from '../../lib/browser-notifications';
import { readNotificationSettings } from '../../lib/notification-settings';
import type { User } from '../../session/types';
import { browserAlertAllowed } from './browser-alert';
import { dueReminders, expiryReminder, REMINDER_CHECK_MS } from './expiry-reminder';
import { EXPIRING_BETS_POLL_MS } from './notifications-api';
import { useBetsControllerExpiringQuery } from '../../api/enhanced-api';

/** docs/product.md §7/§9: every 60 s, a local "bet expiring" notification for bets with 0.9 to 1 hour left, once per bet per page load. */
export function useExpiryReminders(user: Pick<User, 'pushNotifications'>, enabled = true): void {
  // `enabled`: the shell starts this after its first screen (AppShell).
  const { data: bets } = useBetsControllerExpiringQuery(undefined, {
    pollingInterval: EXPIRING_BETS_POLL_MS,
    skip: !enabled,
  });
  const reminded = useRef(new Set<number>());

  const check = useEffectEvent(() => {
    if (!bets || bets.length === 0) return;
    const allowed = browserAlertAllowed('betExpiring', {
      permission: browserPermission(),
      pushNotifications: user.pushNotifications,
      settings: readNotificationSettings(),
    });
    if (!allowed) return;
    for (const bet of dueReminders(bets, Date.now(), reminded.current)) {
      reminded.current.add(bet.id);
      showBrowserNotification(expiryReminder(bet)).catch((error: unknown) =>
        console.warn('Expiry reminder not shown', error),
      );
    }
  });

  // Checked as soon as the expiring bets arrive or change, then every minute.
  useEffect(() => check(), [bets]);
  useEffect(() => {
    const timer = setInterval(check, REMINDER_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
}
