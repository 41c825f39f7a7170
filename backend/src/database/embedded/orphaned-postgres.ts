import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { StartupError } from '../../bootstrap/startup-error.js';

/** What a postmaster writes to DATA_DIR/postgres/postmaster.pid: its pid, data folder and port first. */
export interface PostmasterLock {
  pid: number;
  dataDir: string;
  port: number;
}

export function parsePostmasterLock(text: string): PostmasterLock | undefined {
  const [pid, dataDir, , port] = text.split('\n');
  if (!pid || !/^\d+$/.test(pid.trim()) || !dataDir) return undefined;
  return { pid: Number(pid), dataDir: dataDir.trim(), port: Number(port) };
}

/** A live process as the system shows it; undefined when there is none (a zombie counts as none). */
export interface ProcessInfo {
  ppid: number;
  /** Executable name, e.g. `postgres` or `node`. */
  name: string;
  /** The command line, words joined by spaces (empty when the system would not tell). */
  command: string;
}

export function describeProcess(pid: number): ProcessInfo | undefined {
  if (pid <= 0) return undefined;
  try {
    // Linux: /proc/<pid>/stat is "pid (name) state ppid …"; the name may itself hold spaces or brackets.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z' || state === 'X') return undefined;
    return {
      ppid: Number(ppid),
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim(),
    };
  } catch {
    if (existsSync('/proc/self/stat')) return undefined; // Linux, and no such process
  }
  try {
    // macOS and other systems without /proc.
    const line = execFileSync('ps', ['-o', 'stat=,ppid=,command=', '-p', String(pid)], {
      encoding: 'utf8',
    }).trim();
    const [state = '', ppid = '0', ...command] = line.split(/\s+/);
    if (state.startsWith('Z')) return undefined;
    return { ppid: Number(ppid), name: basename(command[0] ?? ''), command: command.join(' ') };
  } catch {
    return undefined;
  }
}

/** Thrown when the postmaster of DATA_DIR still belongs to a running Betwixt (or admin command). */
export class DataDirInUseError extends StartupError {
  constructor(dataDir: string, owner: number) {
    super(
      `DATA_DIR ${dataDir} is in use by another running Betwixt (process ${owner}): stop that one first, or give this one its own DATA_DIR.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface OrphanOptions {
  log: (message: string) => void;
  /** How long a postmaster gets for each way of stopping before the next, harder one. */
  graceMs?: number;
}

/**
 * Makes `dir` free for a new postmaster after a crash. A postmaster.pid whose process is gone (or is now
 * some other program, as after a reboot) is removed, since PostgreSQL would refuse to start while the pid
 * it names is alive. A postmaster of `dir` whose app is gone (killed with -9, so it never stopped its
 * server) is stopped: fast shutdown, then immediate, then SIGKILL. A postmaster whose parent is still a
 * running node process belongs to a live app, and is left alone.
 */
export async function stopOrphanedPostgres(dir: string, options: OrphanOptions): Promise<void> {
  const lockFile = join(dir, 'postmaster.pid');
  let lock: PostmasterLock | undefined;
  try {
    lock = parsePostmasterLock(readFileSync(lockFile, 'utf8'));
  } catch {
    return; // no lock file: nothing is running on dir
  }
  const postmaster = lock ? describeProcess(lock.pid) : undefined;
  if (!lock || !postmaster || !isPostmasterOf(postmaster, lock, dir)) {
    rmSync(lockFile, { force: true });
    options.log(`Removed the stale ${lockFile} left by a server that is no longer running`);
    return;
  }
  const parent = describeProcess(postmaster.ppid);
  if (parent && postmaster.ppid > 1 && isNode(parent))
    throw new DataDirInUseError(dirname(dir), postmaster.ppid);
  options.log(
    `Stopping the embedded PostgreSQL (process ${lock.pid}, port ${lock.port}) left running by a Betwixt that ended without stopping it`,
  );
  await endProcess(lock.pid, options.graceMs ?? 5_000);
}

/** The lock file is ours by construction; the process it names must also be a postgres run on `dir`. */
function isPostmasterOf(info: ProcessInfo, lock: PostmasterLock, dir: string): boolean {
  if (info.name !== 'postgres' || resolve(lock.dataDir) !== resolve(dir)) return false;
  return info.command === '' || info.command.includes(resolve(dir));
}

function isNode(info: ProcessInfo): boolean {
  return [info.name, basename(info.command.split(' ')[0] ?? '')].some((name) =>
    ['node', 'nodejs', basename(process.execPath)].includes(name),
  );
}

/** SIGINT (fast shutdown), SIGQUIT (immediate), SIGKILL, each given `graceMs` to end the process. */
async function endProcess(pid: number, graceMs: number): Promise<void> {
  for (const signal of ['SIGINT', 'SIGQUIT', 'SIGKILL'] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // already gone
    }
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline) {
      if (!describeProcess(pid)) return;
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  throw new Error(
    `The orphaned embedded PostgreSQL (process ${pid}) would not stop; stop it by hand (kill -9 ${pid})`,
  );
}
