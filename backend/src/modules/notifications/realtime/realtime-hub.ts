import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RedisConnections } from '../../../common/redis/redis-connections.js';
import type { ChangeTopic } from '../notification-kinds.js';
import type { NotificationDto } from '../dto/notification.dto.js';

/** What an open app is told about its user, as one server-sent event. */
export type LiveEvent =
  | { type: 'notification'; data: NotificationDto }
  | { type: 'changed'; data: { topics: ChangeTopic[] } }
  | { type: 'circle'; data: CircleLiveChange };

/** Something new in a circle's feed, told to its members' open apps (they refetch that item). */
export interface CircleLiveChange {
  circleId: string;
  itemId: number;
  change: 'item' | 'comment' | 'reaction';
}

export type LiveListener = (event: LiveEvent) => void;

const CHANNEL_PREFIX = 'betwixt:live:';

/**
 * Fan-out of live events to the streams of one user, wherever they are connected. Without REDIS_URL
 * there is one instance and events go straight to its listeners. With it, every event goes through a
 * Redis channel per user, which an instance subscribes to only while that user has a stream open on
 * it, so each instance receives just the events of its own connections.
 */
@Injectable()
export class RealtimeHub implements OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeHub.name);
  private readonly listeners = new Map<string, Set<LiveListener>>();
  private subscriber: Redis | null = null;

  constructor(private readonly redis: RedisConnections) {}

  /** Sends `event` to every open stream of `userId` on any instance. Never throws. */
  publish(userId: string, event: LiveEvent): void {
    if (!this.redis.enabled) {
      this.deliver(userId, event);
      return;
    }
    this.redis
      .command()
      .publish(CHANNEL_PREFIX + userId, JSON.stringify(event))
      .catch((error: unknown) => this.logger.warn({ err: error, userId }, 'Live event not published'));
  }

  /**
   * Starts delivering the user's events to `listener`; resolves once delivery is guaranteed (the Redis
   * subscription is confirmed), and gives back the function that stops it.
   */
  async listen(userId: string, listener: LiveListener): Promise<() => void> {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    const stop = () => this.unlisten(userId, listener);
    if (this.redis.enabled) {
      try {
        await this.channelSubscriber().subscribe(CHANNEL_PREFIX + userId);
      } catch (error) {
        stop();
        throw error;
      }
    }
    return stop;
  }

  /** Open streams on this instance, for health and tests. */
  get connectionCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  onApplicationShutdown(): void {
    this.listeners.clear();
  }

  private unlisten(userId: string, listener: LiveListener): void {
    const set = this.listeners.get(userId);
    if (!set?.delete(listener) || set.size > 0) return;
    this.listeners.delete(userId);
    this.subscriber?.unsubscribe(CHANNEL_PREFIX + userId).catch(() => undefined);
  }

  private channelSubscriber(): Redis {
    if (!this.subscriber) {
      this.subscriber = this.redis.subscriber();
      this.subscriber.on('message', (channel: string, message: string) => {
        if (!channel.startsWith(CHANNEL_PREFIX)) return;
        try {
          this.deliver(channel.slice(CHANNEL_PREFIX.length), JSON.parse(message) as LiveEvent);
        } catch (error) {
          this.logger.warn({ err: error, channel }, 'Unreadable live event');
        }
      });
    }
    return this.subscriber;
  }

  private deliver(userId: string, event: LiveEvent): void {
    for (const listener of this.listeners.get(userId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        this.logger.warn({ err: error, userId }, 'Live listener failed');
      }
    }
  }
}
