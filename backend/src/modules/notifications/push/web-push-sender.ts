import { Agent, request, type RequestOptions } from 'node:https';
import { rootCertificates } from 'node:tls';
import { Inject, Injectable, Optional, type OnApplicationShutdown } from '@nestjs/common';
import webpush, { type Urgency } from 'web-push';
import { AppConfig } from '../../../config/app-config.js';
import { bareHostname, NON_PUBLIC_ENDPOINT, PushEndpointPolicy } from './push-endpoint-policy.js';

export { NON_PUBLIC_ENDPOINT };

/**
 * Extra certificate authority (PEM) trusted for push endpoints, beside the system's. Nothing in the app
 * provides it; the tests do, for the HTTPS push service they run locally.
 */
export const PUSH_EXTRA_CA = Symbol('PUSH_EXTRA_CA');

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  payload: string;
  /** Seconds the push service keeps the message while the device is offline. */
  ttl: number;
  urgency: Urgency;
}

/** Connections kept to the push services (a handful of vendors), shared by all sends. */
const MAX_SOCKETS = 16;
/** A push service answers in well under a second; one that does not is given up on. */
const DEADLINE_MS = 15_000;
/**
 * An idle connection is closed after this long, or sooner when the push service announces a shorter
 * `Keep-Alive: timeout` (Node's agent heeds that hint only when it has a timeout of its own).
 */
const IDLE_SOCKET_MS = 60_000;
/** Push services answer with an empty or tiny body; a larger one is not worth reading. */
const MAX_RESPONSE_BYTES = 16 * 1024;

/** A request that failed because the reused connection it went out on had been closed by the server. */
class DroppedConnection extends Error {
  constructor(override readonly cause: Error) {
    super('Kept-alive connection closed by the push service');
  }
}

/**
 * Sends one Web Push message. web-push encrypts the payload (aes128gcm, RFC 8291) and signs the VAPID
 * JWT (RFC 8292); the request itself goes through our own agent so that what the server may reach is
 * decided in one place: only public addresses (PushEndpointPolicy, checked on the addresses the socket
 * really connects to), no redirects followed, a deadline for the whole exchange and a cap on the answer
 * read, since the endpoint is user input.
 */
@Injectable()
export class WebPushSender implements OnApplicationShutdown {
  private readonly agent: Agent;

  constructor(
    private readonly config: AppConfig,
    private readonly policy: PushEndpointPolicy,
    @Optional() @Inject(PUSH_EXTRA_CA) extraCa?: string,
  ) {
    this.agent = new Agent({
      keepAlive: true,
      maxSockets: MAX_SOCKETS,
      timeout: IDLE_SOCKET_MS,
      lookup: policy.agentLookup(),
      ...(extraCa ? { ca: [...rootCertificates, extraCa] } : {}),
    });
  }

  /** Resolves with the push service's HTTP status; rejects when there is no answer (refused, network, time). */
  async send(target: PushTarget, message: PushMessage): Promise<number> {
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      message.payload,
      {
        vapidDetails: this.config.vapid,
        TTL: message.ttl,
        urgency: message.urgency,
        contentEncoding: 'aes128gcm',
      },
    );
    const url = new URL(details.endpoint);
    const hostname = bareHostname(url);
    if (url.protocol !== 'https:' || this.policy.refusesLiteral(hostname)) {
      throw Object.assign(new Error('Push endpoint refused: not a public https address'), {
        code: NON_PUBLIC_ENDPOINT,
      });
    }
    const options: RequestOptions = {
      hostname,
      port: url.port || 443,
      path: `${url.pathname}${url.search}`,
      method: details.method,
      headers: details.headers,
      agent: this.agent,
    };
    // A kept-alive connection the push service closed while it sat idle fails the moment it is reused,
    // before the service saw the message: that is no answer about the message, so it goes again (each such
    // failure discards one dead connection, so this ends).
    for (let tries = 1; ; tries += 1) {
      try {
        return await this.post(options, details.body);
      } catch (error) {
        if (!(error instanceof DroppedConnection)) throw error;
        if (tries > MAX_SOCKETS) throw error.cause;
      }
    }
  }

  private post(options: RequestOptions, body: Buffer | string): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      const outgoing = request(options, (response) => {
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) response.destroy();
        });
        response.on('close', () => resolve(response.statusCode ?? 0));
      });
      const deadline = setTimeout(
        () => outgoing.destroy(new Error(`Push service did not answer within ${DEADLINE_MS} ms`)),
        DEADLINE_MS,
      );
      outgoing.on('close', () => clearTimeout(deadline));
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        const dropped = outgoing.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
        reject(dropped ? new DroppedConnection(error) : error);
      });
      outgoing.end(body);
    });
  }

  onApplicationShutdown(): void {
    this.agent.destroy();
  }
}
