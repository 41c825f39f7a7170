import { useEffect, useEffectEvent, useState } from 'react';
import { enhancedApi } from '../../api/enhanced-api';
import { useAppDispatch } from '../../store/hooks';
import { browserPermission, showBrowserNotification } from '../../lib/browser-notifications';
import { readNotificationSettings } from '../../lib/notification-settings';
import type { User } from '../../session/types';
import { browserAlertAllowed, toBrowserNotification } from './browser-alert';
import { connectLive, loadedOnFirstUse } from './live-connection';
import { allTopicTags, circleChangeTags, tagsForTopics } from './live-topics';
import type { AppNotification } from './types';

const openEventStream = loadedOnFirstUse(async () => (await import('./event-stream')).openEventStream);

/**
 * The signed-in user's live stream: `changed` refreshes exactly the lists of its topics, a
 * `notification` refreshes the bell and, when allowed, shows a browser notification. Polling stays
 * as the fallback while the stream is down. Closed when the shell unmounts (logout).
 */
export function useLiveUpdates(
  user: Pick<User, 'id' | 'pushNotifications'>,
  /** The shell opens the stream after its first screen (AppShell); polling covers the moment before. */
  enabled = true,
): { connected: boolean } {
  const dispatch = useAppDispatch();
  const [connected, setConnected] = useState(false);

  const onNotification = useEffectEvent((notification: AppNotification) => {
    dispatch(enhancedApi.util.invalidateTags(['Notification']));
    const allowed = browserAlertAllowed(notification.category, {
      permission: browserPermission(),
      pushNotifications: user.pushNotifications,
      settings: readNotificationSettings(),
    });
    if (allowed) {
      showBrowserNotification(toBrowserNotification(notification)).catch((error: unknown) =>
        console.warn('Browser notification not shown', error),
      );
    }
  });

  useEffect(() => {
    if (!enabled) return undefined;
    return connectLive(openEventStream, {
      onStatus: setConnected,
      onReady: (reconnected) => {
        if (reconnected) dispatch(enhancedApi.util.invalidateTags(allTopicTags()));
      },
      onNotification,
      onChanged: (topics) => dispatch(enhancedApi.util.invalidateTags(tagsForTopics(topics))),
      onCircle: (change) => dispatch(enhancedApi.util.invalidateTags(circleChangeTags(change))),
      onUnauthorized: () => dispatch(enhancedApi.util.invalidateTags(['User'])),
    });
  }, [dispatch, user.id, enabled]);

  return { connected };
}
