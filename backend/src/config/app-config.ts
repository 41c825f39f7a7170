import { resolve } from 'node:path';
import { plainToInstance, Transform } from 'class-transformer';
import {
  getMetadataStorage,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';
import { httpTimeoutErrors, smtpUrlErrors, trustProxyErrors, vapidPairErrors } from './config-rules.js';
import { emptyToUndefined, toBoolean, toInt, toList, TRUST_PROXY_PATTERN } from './env-transforms.js';

/** Thrown when the environment is not usable; the message names the offending variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The Web Push (VAPID) identity of this deployment; base64url keys as web-push and browsers use them. */
export interface VapidDetails {
  /** Uncompressed P-256 point (65 bytes): the browser's `applicationServerKey`. */
  publicKey: string;
  /** The 32-byte P-256 private key that signs the VAPID JWTs. */
  privateKey: string;
  /** `mailto:` or `https:` contact the push services may use (the JWT's `sub`). */
  subject: string;
}

/** Parsed SMTP_URL: port 587 (smtp) or 465 (smtps) unless given; credentials percent-decoded. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the start (smtps://); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  auth?: { user: string; pass: string };
}

/** Behind a balancer (TRUST_PROXY set) health drains for 3 s first; alone, there is nobody to tell. */
export const SHUTDOWN_DEFAULTS = { drainMs: 3_000, aloneDrainMs: 0, deadlineMs: 25_000 };

/**
 * PostgreSQL connections per instance, unless DATABASE_POOL_SIZE says otherwise. More connections than the
 * database has cores to run them only queue inside PostgreSQL instead of in the pool, and cost it more
 * switching and lock contention: on the 2-core machine of docs/performance.md a bet's page (six reads, five
 * at once) was served faster with 10 than with the 20 it had. Ten still covers the concurrency tests'
 * races (each request holds one connection at a time) and leaves room for the jobs.
 */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/** The periods the circles' seasons job may run at: the whole divisions of a minute, in seconds. */
export const SEASONS_JOB_PERIODS = [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60];

/**
 * The one place the process environment is read. Every other module receives this object via DI.
 * Property names are the environment variable names so that validation messages name the variable.
 */
export class AppConfig {
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  /** Connections this instance keeps to PostgreSQL at most (see DEFAULT_DATABASE_POOL_SIZE). */
  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'DATABASE_POOL_SIZE must be a whole number of connections' })
  @Min(2, { message: 'DATABASE_POOL_SIZE must be at least 2' })
  @Max(500, { message: 'DATABASE_POOL_SIZE must be at most 500' })
  DATABASE_POOL_SIZE?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL?: string;

  @IsString()
  @MinLength(1)
  DATA_DIR = '.data';

  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(65535)
  EMBEDDED_PG_PORT = 54329;

  /** Sign-in and sign-up attempts allowed per minute, per IP and per account. */
  @Transform(toInt)
  @IsInt({ message: 'AUTH_ATTEMPTS_PER_MINUTE must be a whole number' })
  @Min(1)
  @Max(10000)
  AUTH_ATTEMPTS_PER_MINUTE = 10;

  /** How long a mailed password-reset link works, in minutes. Short: it is as good as the password. */
  @Transform(toInt)
  @IsInt({ message: 'PASSWORD_RESET_MINUTES must be a whole number' })
  @Min(5)
  @Max(1440)
  PASSWORD_RESET_MINUTES = 30;

  /** How long a mailed email-confirmation link works, in hours. */
  @Transform(toInt)
  @IsInt({ message: 'EMAIL_VERIFICATION_HOURS must be a whole number' })
  @Min(1)
  @Max(720)
  EMAIL_VERIFICATION_HOURS = 48;

  /** Hours after a referee's call during which a player may appeal it (docs/product.md, "Referee bets"). */
  @Transform(toInt)
  @IsInt({ message: 'REFEREE_APPEAL_HOURS must be a whole number' })
  @Min(1)
  @Max(168)
  REFEREE_APPEAL_HOURS = 24;

  /** Hours after a referee bet's deadline before a silent referee's bet falls back (reminded halfway). */
  @Transform(toInt)
  @IsInt({ message: 'REFEREE_SILENCE_HOURS must be a whole number' })
  @Min(2)
  @Max(720)
  REFEREE_SILENCE_HOURS = 48;

  /** The most counter-offers on one challenge, both sides together. */
  @Transform(toInt)
  @IsInt({ message: 'MAX_COUNTER_ROUNDS must be a whole number' })
  @Min(1)
  @Max(20)
  MAX_COUNTER_ROUNDS = 5;

  /** People searches allowed per minute per signed-in user, so nobody can walk the user table. */
  @Transform(toInt)
  @IsInt({ message: 'SEARCHES_PER_MINUTE must be a whole number' })
  @Min(1)
  @Max(10000)
  SEARCHES_PER_MINUTE = 60;

  /** The most players a group pot may have, its creator included (at least 3, at most 20). */
  @Transform(toInt)
  @IsInt({ message: 'POT_MAX_PLAYERS must be a whole number' })
  @Min(3, { message: 'POT_MAX_PLAYERS must be at least 3' })
  @Max(20, { message: 'POT_MAX_PLAYERS must be at most 20' })
  POT_MAX_PLAYERS = 20;

  /**
   * Open (unauthenticated) lookups of a challenge or invite link allowed per minute per client IP: the codes
   * are unguessable only while nobody can try them by the thousand.
   */
  @Transform(toInt)
  @IsInt({ message: 'LOOKUPS_PER_MINUTE must be a whole number' })
  @Min(1)
  @Max(10000)
  LOOKUPS_PER_MINUTE = 60;

  /** Members a circle may have, its owner included (docs/product.md, "Circles"). */
  @Transform(toInt)
  @IsInt({ message: 'CIRCLE_MAX_MEMBERS must be a whole number' })
  @Min(2)
  @Max(500)
  CIRCLE_MAX_MEMBERS = 50;

  /** Comments one person may post a minute across circles: banter, not a flood. */
  @Transform(toInt)
  @IsInt({ message: 'CIRCLE_COMMENTS_PER_MINUTE must be a whole number' })
  @Min(1)
  @Max(10000)
  CIRCLE_COMMENTS_PER_MINUTE = 20;

  /**
   * How often the circles' seasons job ends the seasons that are due, in seconds: a season ends at the
   * job's first run after its end. A whole division of a minute, so the runs fall on the same seconds.
   */
  @Transform(toInt)
  @IsIn(SEASONS_JOB_PERIODS, {
    message: `CIRCLE_SEASONS_EVERY_SECONDS must be one of ${SEASONS_JOB_PERIODS.join(', ')}`,
  })
  CIRCLE_SEASONS_EVERY_SECONDS = 60;

  /**
   * Time a client has to send a request's line and headers (a connection that sends nothing is closed
   * after it too). Node checks the deadlines a few times per timeout, so a connection ends within about
   * 1.25 times this.
   */
  @Transform(toInt)
  @IsInt({ message: 'HTTP_HEADERS_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(100)
  @Max(600_000)
  HTTP_HEADERS_TIMEOUT_MS = 10_000;

  /** Time a client has to send a whole request, headers and body (a body trickling in byte by byte). */
  @Transform(toInt)
  @IsInt({ message: 'HTTP_REQUEST_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(100)
  @Max(3_600_000)
  HTTP_REQUEST_TIMEOUT_MS = 60_000;

  /** A connection on which nothing moves either way for this long is closed (live streams excepted). */
  @Transform(toInt)
  @IsInt({ message: 'HTTP_IDLE_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(100)
  @Max(3_600_000)
  HTTP_IDLE_TIMEOUT_MS = 60_000;

  /**
   * How long a kept-alive connection may wait for its next request. Above the 60 s idle timeout common
   * load balancers use, so the balancer, not us, closes first and never sends into a closing connection.
   */
  @Transform(toInt)
  @IsInt({ message: 'HTTP_KEEP_ALIVE_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(100)
  @Max(3_600_000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS = 72_000;

  /** Live-update streams (GET /api/events) one person may hold open on an instance; a new one closes the oldest. */
  @Transform(toInt)
  @IsInt({ message: 'LIVE_STREAMS_PER_USER must be a whole number' })
  @Min(1)
  @Max(1000)
  LIVE_STREAMS_PER_USER = 8;

  /** Live-update streams one instance holds open at most; beyond it new streams are refused (429). */
  @Transform(toInt)
  @IsInt({ message: 'LIVE_STREAMS_PER_INSTANCE must be a whole number' })
  @Min(1)
  @Max(1_000_000)
  LIVE_STREAMS_PER_INSTANCE = 5000;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET?: string;

  @Matches(/^\d+[smhd]$/, { message: 'JWT_EXPIRES_IN must look like 15m, 12h or 7d' })
  JWT_EXPIRES_IN = '7d';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'PUBLIC_URL must be an http(s) URL' })
  PUBLIC_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'OIDC_ISSUER must be an http(s) URL' })
  OIDC_ISSUER?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  OIDC_CLIENT_ID?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  OIDC_CLIENT_SECRET?: string;

  @Transform(toList)
  @IsEmail({}, { each: true, message: 'ADMIN_EMAILS must be a comma-separated list of email addresses' })
  ADMIN_EMAILS: string[] = [];

  /** Web Push keys; both or neither. Unset: generated once and kept in DATA_DIR/vapid-keys.json. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^B[A-Za-z0-9_-]{86}$/, {
    message: 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters, as web-push generates)',
  })
  VAPID_PUBLIC_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{43}$/, {
    message: 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters, as web-push generates)',
  })
  VAPID_PRIVATE_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^(mailto:[^\s@/]+@[^\s@/]+|https:\/\/[^\s/]+(\/\S*)?)$/, {
    message: 'VAPID_SUBJECT must be a mailto: address or an https:// URL',
  })
  VAPID_SUBJECT?: string;

  /**
   * Lets push subscriptions point at IP literals and private, loopback or link-local addresses. For
   * tests and development only: in production it would let users make the server POST into its own
   * network (see docs/security.md).
   */
  @Transform(toBoolean)
  @IsBoolean({ message: 'PUSH_ALLOW_PRIVATE_ENDPOINTS must be true or false' })
  PUSH_ALLOW_PRIVATE_ENDPOINTS = false;

  /** Where notification emails go out (smtp:// with STARTTLS when offered, smtps:// for TLS). Unset: no email. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^smtps?:\/\/([^\s@/]+@)?([^\s@/:[\]]+|\[[0-9a-fA-F:.]+\])(:\d{1,5})?\/?$/, {
    message: 'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587',
  })
  SMTP_URL?: string;

  /**
   * Milliseconds before a failed email or push is tried again; the delay doubles with each try (at most
   * an hour), for 8 tries in all.
   */
  @Transform(toInt)
  @IsInt({ message: 'NOTIFICATION_RETRY_MS must be a whole number of milliseconds' })
  @Min(100)
  @Max(3_600_000)
  NOTIFICATION_RETRY_MS = 30_000;

  /** Sender of notification emails. Unset: Betwixt <no-reply@…> at PUBLIC_URL's host. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, {
    message: 'MAIL_FROM must be an address such as no-reply@example.com or Betwixt <no-reply@example.com>',
  })
  MAIL_FROM?: string;

  /**
   * Which proxies may tell us the client's address and scheme (X-Forwarded-For/-Proto/-Host). Unset:
   * nobody, the socket's address is the client. A hop count (`1` behind one load balancer), or a comma list
   * of addresses/CIDRs (`10.0.0.0/8,127.0.0.1`, also `loopback`, `linklocal`, `uniquelocal`).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(TRUST_PROXY_PATTERN, {
    message:
      'TRUST_PROXY must be a number of proxy hops (e.g. 1) or a comma-separated list of IP addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
  })
  TRUST_PROXY?: string;

  /** Bearer token that unlocks Prometheus metrics at /metrics. Unset: /metrics answers 404. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters' })
  METRICS_TOKEN?: string;

  /**
   * On SIGTERM, how long health says `draining` before the instance stops listening, so the balancer's
   * health check notices first. Unset: 3 s behind a balancer (TRUST_PROXY set), else 0 (nobody to tell).
   */
  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'SHUTDOWN_DRAIN_MS must be a whole number of milliseconds' })
  @Min(0)
  @Max(600_000)
  SHUTDOWN_DRAIN_MS?: number;

  /** The graceful shutdown's hard deadline: the process exits then, whatever is still running. */
  @Transform(toInt)
  @IsInt({ message: 'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(0)
  @Max(600_000)
  SHUTDOWN_TIMEOUT_MS = SHUTDOWN_DEFAULTS.deadlineMs;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  get dataDir(): string {
    return resolve(this.DATA_DIR);
  }

  get publicUrl(): string {
    return (this.PUBLIC_URL ?? `http://localhost:${this.PORT}`).replace(/\/$/, '');
  }

  /** Fastify's `trustProxy`: false (trust nobody), a hop count, or the trusted addresses/CIDRs. */
  get trustProxy(): false | number | string[] {
    if (!this.TRUST_PROXY) return false;
    const text = this.TRUST_PROXY.trim();
    if (/^\d+$/.test(text)) return Number(text);
    return text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }

  get databasePoolSize(): number {
    return this.DATABASE_POOL_SIZE ?? DEFAULT_DATABASE_POOL_SIZE;
  }

  get shutdownDrainMs(): number {
    return (
      this.SHUTDOWN_DRAIN_MS ??
      (this.TRUST_PROXY ? SHUTDOWN_DEFAULTS.drainMs : SHUTDOWN_DEFAULTS.aloneDrainMs)
    );
  }

  get oidcConfigured(): boolean {
    return Boolean(this.OIDC_ISSUER && this.OIDC_CLIENT_ID);
  }

  /** The VAPID contact: VAPID_SUBJECT, else PUBLIC_URL when it is https, else a mailto: at its host. */
  get vapidSubject(): string {
    if (this.VAPID_SUBJECT) return this.VAPID_SUBJECT;
    const publicUrl = new URL(this.publicUrl);
    return publicUrl.protocol === 'https:' ? publicUrl.origin : `mailto:webpush@${publicUrl.hostname}`;
  }

  /** The SMTP server notification emails go through, or null when SMTP_URL is not set (email off). */
  get smtp(): SmtpSettings | null {
    if (!this.SMTP_URL) return null;
    const url = new URL(this.SMTP_URL);
    const secure = url.protocol === 'smtps:';
    const user = decodeURIComponent(url.username);
    return {
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
    };
  }

  get mailFrom(): string {
    return this.MAIL_FROM ?? `Betwixt <no-reply@${new URL(this.publicUrl).hostname}>`;
  }

  /** Set by resolveSecrets() (config/secrets.ts); always present once the app boots. */
  jwtSecret = '';

  /** Set by resolveSecrets(); always present once the app boots. */
  vapid: VapidDetails = { publicKey: '', privateKey: '', subject: '' };
}

/**
 * The environment variables Betwixt reads: every validated property of AppConfig, taken from the validation
 * metadata, so declaring a variable on the class is all it takes (a list kept by hand could forget one, and
 * the variable would be silently ignored). Derived values such as `jwtSecret` carry no validator.
 */
export const CONFIG_VARIABLES: readonly string[] = [
  ...new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(AppConfig, '', true, false)
      .map((metadata) => metadata.propertyName),
  ),
];

/** Validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const raw: Record<string, string> = {};
  for (const key of CONFIG_VARIABLES) {
    const value = env[key];
    if (value !== undefined) raw[key] = value;
  }
  const config = plainToInstance(AppConfig, raw);
  const errors = validateSync(config, { forbidUnknownValues: true });
  const lines = errors.map((error) => {
    const messages = Object.values(error.constraints ?? {}).join('; ');
    return `${error.property}: ${messages}`;
  });
  if (lines.length === 0)
    lines.push(
      ...vapidPairErrors(config),
      ...smtpUrlErrors(config),
      ...trustProxyErrors(config),
      ...httpTimeoutErrors(config),
    );
  if (lines.length > 0) throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  return config;
}
