import { resolve, sep } from 'node:path';
import { ConfigError } from '../config/app-config.js';

/** A start-up failure whose message already says what is wrong and what to do, on one line. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** What start-up was doing when it failed, so the message can name the setting involved. */
export interface StartupContext {
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
}

type SystemError = Error & { code?: string; path?: string; syscall?: string };

/**
 * The one line printed when start-up fails: what is wrong and what to do about it. Known causes get
 * their own advice; anything else at least names the error (never "undefined").
 */
export function startupFailureMessage(error: unknown, context: StartupContext = {}): string {
  if (error instanceof StartupError) return oneLine(error.message);
  if (error instanceof ConfigError)
    return `${oneLine(error.message)}. Fix the environment variable (see the README, Configuration) and start again.`;
  const unexplained = 'Betwixt failed to start, and the error gives no reason; please report this.';
  if (!(error instanceof Error)) {
    const text = typeof error === 'string' ? error : (JSON.stringify(error) ?? '');
    return text && text !== 'null' ? `Betwixt failed to start: ${oneLine(text)}` : unexplained;
  }
  const failure = error as SystemError;
  const code = failure.code ?? '';

  if (failure.syscall === 'listen' || code === 'EADDRINUSE') {
    const where = `${context.host ?? '0.0.0.0'}:${context.port ?? '?'}`;
    if (code === 'EADDRINUSE')
      return `Port ${context.port ?? '?'} is already in use (another Betwixt?): stop the program using it, or set PORT to a free port.`;
    if (code === 'EACCES')
      return `Not allowed to listen on ${where}: set PORT to 1024 or above (ports below need root), or run behind a proxy.`;
    if (code === 'EADDRNOTAVAIL')
      return `HOST ${context.host ?? ''} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all.`;
  }
  if (failure.path && context.dataDir && isInside(failure.path, context.dataDir)) {
    return `DATA_DIR ${context.dataDir} is not a writable folder (${code || failure.message} on ${failure.path}): fix its owner or mode, or set DATA_DIR to a folder this user can write.`;
  }
  if (context.databaseUrl) {
    const server = serverOf(context.databaseUrl);
    if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET'].includes(code))
      return `Cannot reach the PostgreSQL server of DATABASE_URL (${server}: ${code}): start it, or fix the host and port in DATABASE_URL.`;
    if (code === '28P01' || code === '28000')
      return `The PostgreSQL server of DATABASE_URL (${server}) refused the login: ${oneLine(failure.message)}. Fix the user and password in DATABASE_URL.`;
    if (code === '42501')
      return `The DATABASE_URL user may not create or change the database (${oneLine(failure.message)}): grant it, or create the database and let its owner connect.`;
  }
  const reason = failure.message || code;
  return reason ? `Betwixt failed to start: ${oneLine(reason)}` : unexplained;
}

/** "Invalid configuration:\n  A: x\n  B: y" becomes "Invalid configuration: A: x; B: y". */
function oneLine(text: string): string {
  return text
    .replace(/:\s*\n\s*/g, ': ')
    .replace(/\s*\n\s*/g, '; ')
    .trim();
}

function isInside(path: string, folder: string): boolean {
  const inner = resolve(path);
  const outer = resolve(folder);
  return inner === outer || inner.startsWith(outer + sep) || outer.startsWith(inner + sep);
}

/** host:port of a postgres URL, without the credentials. */
function serverOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}`;
  } catch {
    return 'DATABASE_URL';
  }
}
