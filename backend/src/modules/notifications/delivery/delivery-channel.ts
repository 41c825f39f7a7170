import type { ClaimedDelivery } from './notification-outbox.js';
import type { DeliveryChannelName } from './outbox-entry.entity.js';

/** How one try to send an outbox row went. */
export type DeliveryOutcome =
  | { status: 'delivered' }
  /** Nothing to send any more (the setting was switched off, the browser unsubscribed). */
  | { status: 'skipped'; reason: string }
  /** May work later (server down, 4xx SMTP answer, 5xx or 429 push answer). */
  | { status: 'retry'; error: string }
  /** Will not work however often it is tried (5xx SMTP answer, a push endpoint we may not reach). */
  | { status: 'failed'; error: string };

/** A way out of the app for notifications (email, Web Push); the outbox worker drives it. */
export abstract class DeliveryChannel {
  abstract readonly name: DeliveryChannelName;
  /** Whether this instance can send on this channel at all (email needs SMTP_URL). */
  abstract readonly enabled: boolean;
  /** Sends in flight at once per instance. */
  abstract readonly concurrency: number;
  /** Sends one claimed row; answers how it went and never throws for a send that failed. */
  abstract deliver(delivery: ClaimedDelivery): Promise<DeliveryOutcome>;
}

/** What the outbox records about an error: its SMTP reply code or error code, never its text. */
export function errorCode(error: unknown): string {
  const details = error as { responseCode?: unknown; code?: unknown } | null;
  if (typeof details?.responseCode === 'number') return `SMTP ${details.responseCode}`;
  if (typeof details?.code === 'string') return details.code;
  return error instanceof Error ? error.name : 'error';
}
