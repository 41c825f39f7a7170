#!/usr/bin/env node
// Where a test stage's CPU goes: runs a command and prints the CPU-seconds spent by each kind of process on
// the machine meanwhile (Chromium's renderers, Jest workers, PostgreSQL, ...). Linux only (reads /proc).
//   node scripts/cpu-by-process.mjs -- node scripts/test-stages.mjs e2e
// Run it on an otherwise idle machine: every process counts, not only the command's. A process that lives
// for less than one sample (a quarter of a second) is missed.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;
const SAMPLE_MS = 250;

/** The kind of a process, from its name and command line. */
function kindOf(name, command) {
  if (/chrom/.test(name) || /chrom/.test(command)) {
    return `chromium ${/--type=([\w-]+)/.exec(command)?.[1] ?? 'browser'}`;
  }
  if (name === 'postgres') return 'postgres';
  if (/playwright\/lib\/worker/.test(command)) return 'playwright worker';
  if (/jest-worker|jest\/bin|node_modules\/\.bin\/jest/.test(command)) return 'jest';
  if (/dist\/main\.js|betwixt-cli-[^/]+\/main\.js/.test(command)) return 'betwixt server';
  if (/dist\/cli\/|betwixt-cli-[^/]+\/cli\//.test(command)) return 'betwixt cli';
  if (name === 'node') return 'node (other)';
  return name;
}

const seen = new Map(); // pid:starttime -> { kind, from, to }
let first = true;

function sample() {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
      const key = `${pid}:${fields[19]}`;
      let entry = seen.get(key);
      if (!entry) {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
        // A process already running at the start counts from there; one started since, from its beginning.
        entry = { kind: kindOf(name, command), from: first ? seconds : 0, to: seconds };
        seen.set(key, entry);
      }
      entry.to = seconds;
    } catch {
      // The process ended between listing and reading.
    }
  }
  first = false;
}

const separator = process.argv.indexOf('--');
const [command, ...args] = separator >= 0 ? process.argv.slice(separator + 1) : [];
if (!command) {
  console.error('usage: node scripts/cpu-by-process.mjs -- <command> [args...]');
  process.exit(2);
}

sample();
const timer = setInterval(sample, SAMPLE_MS);
const started = Date.now();
const child = spawn(command, args, { stdio: 'inherit' });
child.on('exit', (code, signal) => {
  clearInterval(timer);
  sample();
  const byKind = new Map();
  for (const { kind, from, to } of seen.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + to - from);
  const rows = [...byKind].filter(([, seconds]) => seconds >= 0.5).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, seconds]) => sum + seconds, 0);
  const wall = (Date.now() - started) / 1000;
  console.log(`\nCPU-seconds by process kind (wall ${wall.toFixed(0)} s, ${total.toFixed(0)} CPU-s in all):`);
  for (const [kind, seconds] of rows) {
    console.log(
      `${seconds.toFixed(1).padStart(8)}  ${((100 * seconds) / total).toFixed(1).padStart(5)} %  ${kind}`,
    );
  }
  process.exit(code ?? (signal ? 1 : 0));
});
