// The CLI's main thread runs every pass; V8's platform threads only help it. On two cores they
// competed with it: they compile hot functions with TurboFan in the background (about 0.5 s of
// CPU in a 1 s `migrate` of 10,000 files, ~300 compiles), and the main thread waited 140-190 ms
// for a core while runnable (/proc/self/task/<tid>/schedstat). At the lowest priority they take
// what the main thread leaves, and the optimized code comes a little later: main thread 830 ->
// 870 ms of CPU, its wait 40-70 ms, wall 1.10 -> 1.03 s (README "Performance").
//
// libuv's thread pool keeps its priority: the main thread waits for it (the backups' unlinks)
// and so does the stager's hand-over; lowered too, the main thread waited 20-120 ms longer. Its
// threads are told apart by the I/O they did for Node's module loader before the program ran
// (/proc/self/task/<tid>/io); a pool thread that has done none yet is lowered with the others,
// which costs a little speed, never a result.
//
// Linux only (each thread has its own nice value there; elsewhere setpriority applies to the
// whole process). Only the bin does this, never the API: a library leaves its host's threads alone.
import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Nice value of V8's helper threads: the lowest priority. */
export const HELPER_NICE = 19;

/**
 * Lowers the priority of every thread of this process that has done no I/O: V8's platform
 * threads (compilers, the collector's helpers), started before the program runs. The main thread
 * and libuv's pool keep theirs; threads started later (the stager, write-ahead.ts) start at the
 * main thread's priority and set their own. Returns how many threads were lowered.
 */
export function lowerHelperThreads(): number {
  if (process.platform !== 'linux' || process.env.BOOT_UPGRADE_THREAD_PRIORITY === 'off') return 0;
  let tids: number[];
  try {
    tids = readdirSync('/proc/self/task').map(Number);
  } catch {
    return 0; // no /proc (a container without it): nothing changes
  }
  let lowered = 0;
  for (const tid of tids) {
    if (tid === process.pid || !Number.isInteger(tid) || didIo(tid)) continue;
    try {
      setPriority(tid, HELPER_NICE);
      lowered++;
    } catch {
      // the thread ended meanwhile, or this system refuses: it keeps its priority
    }
  }
  return lowered;
}

/** Has the thread made a read or write system call (a libuv pool thread serving the module loader)? Unknown counts as yes. */
export function didIo(tid: number): boolean {
  try {
    const io = readFileSync(`/proc/self/task/${tid}/io`, 'utf8');
    return !/^syscr: 0$/m.test(io) || !/^syscw: 0$/m.test(io);
  } catch {
    return true; // the thread is gone, or /proc hides it: leave it alone
  }
}
