// Runs the longest test files first, so no worker is left alone with a two-minute file at the end of the run.
// Jest does this by itself from the durations it cached in earlier runs; a clean clone (CI) has no such cache
// and falls back to file size, which put the crash test (a small file that kills and restarts PostgreSQL for
// minutes) near the end. There, the durations below stand in for the cache.
const Sequencer = require('@jest/test-sequencer').default;
const { relative } = require('node:path');

/**
 * Seconds the slowest files took in runs of the whole stage on the 2-core machine, with other work sharing the
 * cores (backend/test/…). Only their order matters; a file missing here runs after them, largest first, as
 * Jest would have it.
 */
const EXPECTED_SECONDS = {
  'crash/crash-only.crash-spec.ts': 421,
  'cluster/rolling-restart.cluster-spec.ts': 304,
  'bets/bet-paths.int-spec.ts': 254,
  'account/admin-cli.int-spec.ts': 164,
  'bets/pot-races.int-spec.ts': 128,
  'notifications/notifications.int-spec.ts': 118,
  'crash/pot-settle.crash-spec.ts': 111,
  'idempotency/crash.int-spec.ts': 107,
  'auth/oidc.int-spec.ts': 105,
};

class SlowestFirstSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const expected = (test) => EXPECTED_SECONDS[relative(`${test.context.config.rootDir}/test`, test.path)];
    // Files Jest has timed keep Jest's order; the untimed ones are ordered by the table, then as before.
    const untimed = sorted.filter((test) => test.duration == null);
    if (untimed.length === 0) return sorted;
    const known = untimed.filter((test) => expected(test) != null).sort((a, b) => expected(b) - expected(a));
    const rest = sorted.filter((test) => !known.includes(test));
    return [...known, ...rest];
  }
}

module.exports = SlowestFirstSequencer;
