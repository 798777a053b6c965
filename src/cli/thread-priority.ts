// The CLI's main thread runs every pass; the process's other threads only help it. On two cores
// they competed with it: V8's platform threads compile hot functions with TurboFan in the
// background (about 0.5 s of CPU in a 1 s `migrate` of 10,000 files, 296 compiles) and the
// main thread waited 140-190 ms for a core while runnable (/proc/self/task/<tid>/schedstat).
// At the lowest priority they take what the main thread leaves, and the optimized code comes a
// little later: main thread 830 -> 890 ms of CPU, wall 1.10 -> 1.00 s (README "Performance").
//
// Linux only (each thread has its own nice value there; elsewhere setpriority applies to the
// whole process). Only the bin does this, never the API: a library leaves its host's threads alone.
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Nice value of the helper threads: the lowest priority. */
export const HELPER_NICE = 19;

/**
 * Lowers the priority of every thread of this process but the main one: V8's platform threads
 * (compilers, the collector's helpers) and libuv's pool, all started before the program runs.
 * Threads started later (the stager, write-ahead.ts) start at the main thread's priority and set
 * their own. Returns how many threads were lowered.
 */
export function lowerHelperThreads(): number {
  if (process.platform !== 'linux' || process.env.BOOT_UPGRADE_THREAD_PRIORITY === 'off') return 0;
  let lowered = 0;
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return 0; // no /proc (a container without it): nothing changes
  }
  for (const tid of tids.map(Number)) {
    if (tid === process.pid || !Number.isInteger(tid)) continue;
    try {
      setPriority(tid, HELPER_NICE);
      lowered++;
    } catch {
      // the thread ended meanwhile, or this system refuses: it keeps its priority
    }
  }
  return lowered;
}
