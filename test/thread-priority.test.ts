// lowerHelperThreads (src/cli/thread-priority.ts), run in a child process of its own so that the
// test runner's threads keep their priority: every thread that has done no I/O (V8's) goes to
// nice 19, the main thread and libuv's pool (which read the modules) keep 0, and a thread started
// afterwards (as the stager is) starts at the main thread's priority.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const TSX = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const MODULE = pathToFileURL(path.join(ROOT, 'src', 'cli', 'thread-priority.ts')).href;

const PROBE = `
import { didIo, lowerHelperThreads } from ${JSON.stringify(MODULE)};
import { getPriority } from 'node:os';
import { readdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
const io = new Map(readdirSync('/proc/self/task').map(Number).map((tid) => [tid, didIo(tid)]));
const lowered = lowerHelperThreads();
const threads = [...io].map(([tid, didIo]) => ({ main: tid === process.pid, didIo, nice: getPriority(tid) }));
// os.getPriority() without a pid asks about the calling thread on Linux (the worker's code is an ES module, as -e's is)
const later = await new Promise((resolve) => new Worker("import { parentPort } from 'node:worker_threads'; import { getPriority } from 'node:os'; parentPort.postMessage(getPriority());", { eval: true }).once('message', resolve));
console.log(JSON.stringify({ lowered, threads, later }));
`;

function probe(env: NodeJS.ProcessEnv = {}) {
  const run = spawnSync(process.execPath, ['--import', TSX, '--input-type=module', '-e', PROBE], { encoding: 'utf8', env: { ...process.env, ...env } });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as { lowered: number; threads: { main: boolean; didIo: boolean; nice: number }[]; later: number };
}

describe.runIf(process.platform === 'linux')('lowerHelperThreads', () => {
  it('puts the threads that did no I/O at nice 19, the main thread and the pool stay; a thread started later starts at 0', () => {
    const { lowered, threads, later } = probe();
    const idle = threads.filter((t) => !t.main && !t.didIo);
    const pool = threads.filter((t) => !t.main && t.didIo);
    expect(idle.length).toBeGreaterThan(0); // V8's platform threads
    expect(pool.length).toBeGreaterThan(0); // libuv's, which read the modules
    expect(lowered).toBe(idle.length);
    expect(idle.map((t) => t.nice)).toEqual(idle.map(() => 19));
    expect([...threads.filter((t) => t.main), ...pool].map((t) => t.nice)).toEqual([0, ...pool.map(() => 0)]);
    expect(later).toBe(0);
  });

  it('does nothing with BOOT_UPGRADE_THREAD_PRIORITY=off', () => {
    const { lowered, threads } = probe({ BOOT_UPGRADE_THREAD_PRIORITY: 'off' });
    expect(lowered).toBe(0);
    expect(threads.map((t) => t.nice)).toEqual(threads.map(() => 0));
  });
});
