import { spawnSync } from 'node:child_process';
import { describeProcess, parsePostmasterLock } from './orphaned-postgres.js';
import { restartDelayMs } from './postgres-supervisor.js';

describe('parsePostmasterLock', () => {
  it('reads pid, data folder and port from what PostgreSQL writes', () => {
    const text =
      '31061\n/srv/betwixt/.data/postgres\n1795498744\n54329\n/tmp\n127.0.0.1\n  2278296        34\nready   \n';
    expect(parsePostmasterLock(text)).toEqual({
      pid: 31061,
      dataDir: '/srv/betwixt/.data/postgres',
      port: 54329,
    });
  });

  it('gives nothing for an empty or torn file', () => {
    expect(parsePostmasterLock('')).toBeUndefined();
    expect(parsePostmasterLock('31o61\n/x\n')).toBeUndefined();
  });
});

describe('describeProcess', () => {
  it('tells this process’s parent and name', () => {
    const self = describeProcess(process.pid);
    expect(self?.ppid).toBe(process.ppid);
    expect(self?.name).toMatch(/node/);
  });

  it('gives nothing for a process that has ended', () => {
    const ended = spawnSync('true');
    expect(describeProcess(ended.pid ?? 0)).toBeUndefined();
  });
});

describe('restartDelayMs', () => {
  it('doubles from 0.2 s and stays at 5 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(restartDelayMs)).toEqual([200, 400, 800, 1600, 3200, 5000, 5000]);
  });
});
