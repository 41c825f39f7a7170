import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import { AppConfig } from '../../config/app-config.js';

/** Reconnect forever, backing off to one attempt every 2 s, so the app recovers when Redis is back. */
const retryForever = (attempt: number): number => Math.min(attempt * 100, 2_000);

/**
 * Ordinary commands run inside requests: when Redis is unreachable they must fail within about a second
 * (the caller answers 503) instead of queueing until the request times out.
 */
export const COMMAND_OPTIONS: RedisOptions = {
  lazyConnect: true,
  connectTimeout: 1_000,
  commandTimeout: 1_000,
  maxRetriesPerRequest: 1,
  retryStrategy: retryForever,
};

/** A SUBSCRIBE connection waits as long as it takes: it reconnects and resubscribes forever. */
export const SUBSCRIBER_OPTIONS: RedisOptions = {
  lazyConnect: true,
  connectTimeout: 5_000,
  maxRetriesPerRequest: null,
  // The ready check sends INFO when the connection opens, and Redis refuses INFO (every command but
  // (P)(UN)SUBSCRIBE, PING, QUIT) on a connection in subscriber mode. This connection only subscribes,
  // and its SUBSCRIBE waits in the offline queue until the socket is up anyway.
  enableReadyCheck: false,
  autoResubscribe: true,
  retryStrategy: retryForever,
};

const SHUTDOWN_GRACE_MS = 1_000;

/**
 * The app's connections to Redis (REDIS_URL), shared by every feature that needs a store common to all
 * instances: one connection for ordinary commands, and a dedicated one per subscriber (a connection in
 * SUBSCRIBE mode cannot run other commands). All are closed when the app shuts down.
 */
@Injectable()
export class RedisConnections implements OnApplicationShutdown {
  /** True when REDIS_URL is set; without it features keep their single-instance, in-memory behaviour. */
  readonly enabled: boolean;

  private readonly logger = new Logger('Redis');
  private readonly url: string | undefined;
  private shared: Redis | undefined;
  private readonly subscribers = new Set<Redis>();

  constructor(config: AppConfig) {
    this.url = config.REDIS_URL;
    this.enabled = Boolean(this.url);
  }

  /** The shared connection for ordinary commands, connected on first use. */
  command(): Redis {
    this.shared ??= this.connect('command', COMMAND_OPTIONS);
    return this.shared;
  }

  /** A new connection of its own for SUBSCRIBE / PSUBSCRIBE; closed with the app. */
  subscriber(): Redis {
    const connection = this.connect('subscriber', SUBSCRIBER_OPTIONS);
    this.subscribers.add(connection);
    connection.once('end', () => this.subscribers.delete(connection));
    return connection;
  }

  async onApplicationShutdown(): Promise<void> {
    const connections = [...this.subscribers, ...(this.shared ? [this.shared] : [])];
    this.subscribers.clear();
    this.shared = undefined;
    await Promise.all(connections.map((connection) => close(connection)));
  }

  private connect(role: 'command' | 'subscriber', options: RedisOptions): Redis {
    if (!this.url) {
      throw new Error('Redis is not configured: set REDIS_URL to use a store shared by all instances');
    }
    const connection = new Redis(this.url, options);
    // Log when the connection breaks and when it comes back, not every failed reconnection attempt.
    let down = false;
    connection.on('error', (error: Error) => {
      if (down) return;
      down = true;
      this.logger.warn(`Redis ${role} connection failed: ${error.message}`);
    });
    connection.on('ready', () => {
      if (!down) return;
      down = false;
      this.logger.log(`Redis ${role} connection restored`);
    });
    return connection;
  }
}

/** QUIT politely when connected (pending replies arrive first); otherwise, or if that stalls, drop it. */
async function close(connection: Redis): Promise<void> {
  if (connection.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    const stalled = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SHUTDOWN_GRACE_MS);
    });
    await Promise.race([connection.quit().catch(() => undefined), stalled]);
    clearTimeout(timer);
  }
  connection.disconnect();
}
