export { NotificationOutboxEntry } from './delivery/outbox-entry.entity.js';
export { OutboxWorker } from './delivery/outbox-worker.js';
export { UserNotification } from './notification.entity.js';
export { NotificationsModule } from './notifications.module.js';
export { NotificationsService } from './notifications.service.js';
export type { NotificationDraft } from './notifications.service.js';
export { PushSubscriptionRecord } from './push/push-subscription.entity.js';
export { LiveStreams } from './realtime/live-streams.service.js';
export { RealtimeHub } from './realtime/realtime-hub.js';
