import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { plainToInstance, Transform } from 'class-transformer';
import {
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

/** Thrown when the environment is not usable; the message names the offending variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
const toList = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean)
    : value;
const emptyToUndefined = ({ value }: { value: unknown }): unknown => (value === '' ? undefined : value);

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

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @IsIn(['development', 'production', 'test'])
  NODE_ENV = 'production';

  get dataDir(): string {
    return resolve(this.DATA_DIR);
  }

  get publicUrl(): string {
    return (this.PUBLIC_URL ?? `http://localhost:${this.PORT}`).replace(/\/$/, '');
  }

  get oidcConfigured(): boolean {
    return Boolean(this.OIDC_ISSUER && this.OIDC_CLIENT_ID);
  }

  /** Set by resolveSecrets(); always present once the app boots. */
  jwtSecret = '';
}

const VARIABLES = [
  'PORT',
  'HOST',
  'DATABASE_URL',
  'REDIS_URL',
  'DATA_DIR',
  'EMBEDDED_PG_PORT',
  'AUTH_ATTEMPTS_PER_MINUTE',
  'JWT_SECRET',
  'JWT_EXPIRES_IN',
  'PUBLIC_URL',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'ADMIN_EMAILS',
  'LOG_LEVEL',
  'NODE_ENV',
] as const;

/** Validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const raw: Record<string, string> = {};
  for (const key of VARIABLES) {
    const value = env[key];
    if (value !== undefined) raw[key] = value;
  }
  const config = plainToInstance(AppConfig, raw);
  const errors = validateSync(config, { forbidUnknownValues: true });
  if (errors.length > 0) {
    const lines = errors.map((error) => {
      const messages = Object.values(error.constraints ?? {}).join('; ');
      return `${error.property}: ${messages}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return config;
}

/**
 * Fills in secrets that may be generated: a JWT secret is created once and kept under DATA_DIR, so
 * tokens survive restarts without anyone having to configure one.
 */
export function resolveSecrets(config: AppConfig): AppConfig {
  if (config.JWT_SECRET) {
    config.jwtSecret = config.JWT_SECRET;
    return config;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  config.jwtSecret = readFileSync(file, 'utf8').trim();
  return config;
}
