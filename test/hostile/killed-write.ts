// A write killed outright (SIGKILL) at an exact point, in a process of its own: what a power cut,
// the OOM killer or `kill -9` leaves behind, for the next run to undo. The child plans the
// repository and writes it with a hook at `point`; the `at`-th call of the hook ends the process
// there. `wrap` runs the child under another program (unshare: a container's pid 1), and then the
// hook cannot kill its own process (pid 1 ignores its own SIGKILL): it writes `ready` and waits
// for the test to kill it from outside.
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT } from '../helpers/cli-process.js';

export type KillPoint = 'afterStaging' | 'beforeRename' | 'beforeLink';

const API = pathToFileURL(path.join(PROJECT, 'src', 'api.ts')).href;
const TSX = pathToFileURL(path.join(PROJECT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

const SCRIPT = `
const [dir, point, at, ready] = process.argv.slice(1);
const { planMigration, writeChanges } = await import(${JSON.stringify(API)});
const plan = await planMigration({ root: dir });
let calls = 0;
const die = async () => {
  if (!ready) process.kill(process.pid, 'SIGKILL');
  (await import('node:fs')).writeFileSync(ready, String(process.pid));
  await new Promise(() => {}); // killed from outside
};
const hook = () => (calls++ === Number(at) ? die() : undefined);
await writeChanges(dir, plan.changes, { hooks: { [point]: hook }, onNote: (line) => console.log(line) });
console.log('written: the hook was not called ' + (Number(at) + 1) + ' time(s)');
`;

const ARGS = (dir: string, point: KillPoint, at: number, ready = '') => ['--import', TSX, '--input-type=module', '-e', SCRIPT, dir, point, String(at), ready];

/** Plans and writes `dir` in a child killed (SIGKILL) at the `at`-th (from 0) call of `point`. */
export function killedWrite(dir: string, point: KillPoint, at = 0, env: NodeJS.ProcessEnv = process.env): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ARGS(dir, point, at), { encoding: 'utf8', cwd: PROJECT, env });
}

/** The same under `wrap` (e.g. unshare ... --kill-child): the child waits at the point, and the wrapper is killed. */
export async function killedWrappedWrite(dir: string, point: KillPoint, at: number, wrap: string[], ready: string): Promise<string> {
  const child = spawn(wrap[0]!, [...wrap.slice(1), process.execPath, ...ARGS(dir, point, at, ready)], { cwd: PROJECT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const ended = new Promise<void>((resolve) => child.on('close', () => resolve()));
  for (const end = Date.now() + 60_000; !existsSync(ready) && Date.now() < end && child.exitCode === null; ) await new Promise((r) => setTimeout(r, 20));
  child.kill('SIGKILL');
  await ended;
  return out;
}
