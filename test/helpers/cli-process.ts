// Runs the CLI as a user does: a real process, real pipes and real files. The process is the bin
// bundled from the current sources when the run began (test/setup/cli-bundle.ts), so the test
// always exercises the current code, started as users start it.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';

export const PROJECT = path.resolve(__dirname, '..', '..');

/** The bundled bin of this test run. */
export const CLI_BIN = path.join(inject('cliBundle'), 'boot-upgrade.js');

/** A bash function named `boot-upgrade` that starts the CLI. */
export const CLI_FUNCTION = `boot-upgrade() { node '${CLI_BIN}' "$@"; }`;

/** Runs a bash script (pipefail on) in which `boot-upgrade` is the CLI. */
export function bash(script: string, cwd: string, env: Record<string, string> = {}): SpawnSyncReturns<string> {
  return spawnSync('bash', ['-c', `set -o pipefail; ${CLI_FUNCTION}\n${script}`], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', CI: '1', NODE_OPTIONS: '', ...env },
  });
}
