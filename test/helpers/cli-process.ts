// Runs the CLI as a user does: a real process (the TypeScript sources through tsx, so the test
// always exercises the current code), real pipes and real files.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const PROJECT = path.resolve(__dirname, '..', '..');
const CLI = path.join(PROJECT, 'src', 'cli', 'main.ts');

// tsx's loader by absolute URL: `--import tsx` would resolve from the working directory, which
// is a temporary repository without node_modules.
const TSX = pathToFileURL(path.join(PROJECT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

/** A bash function named `boot-upgrade` that starts the CLI from the sources. */
export const CLI_FUNCTION = `boot-upgrade() { node --import '${TSX}' '${CLI}' "$@"; }`;

/** Runs a bash script (pipefail on) in which `boot-upgrade` is the CLI. */
export function bash(script: string, cwd: string, env: Record<string, string> = {}): SpawnSyncReturns<string> {
  return spawnSync('bash', ['-c', `set -o pipefail; ${CLI_FUNCTION}\n${script}`], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', CI: '1', NODE_OPTIONS: '', ...env },
  });
}
