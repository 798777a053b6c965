// Per-phase timers for profiling (BOOT_UPGRADE_TIMINGS=1): wall milliseconds and calls per
// phase, printed to stderr when the process exits. Off by default, and then every call is one
// branch on a constant, so the timers can stay in the hot loop.
import { isMainThread } from 'node:worker_threads';

// the main thread's phases only (a worker's share of the file passes shows as waiting for it)
const enabled = process.env.BOOT_UPGRADE_TIMINGS === '1' && isMainThread;

interface Phase {
  ms: number;
  calls: number;
}

const phases = new Map<string, Phase>();

function record(name: string, ms: number): void {
  const p = phases.get(name);
  if (p) {
    p.ms += ms;
    p.calls++;
  } else phases.set(name, { ms, calls: 1 });
}

export function timingsEnabled(): boolean {
  return enabled;
}

/** Runs fn, adding its wall time to the phase `name` when timers are on. */
export function timed<T>(name: string, fn: () => T): T {
  if (!enabled) return fn();
  const start = performance.now();
  try {
    return fn();
  } finally {
    record(name, performance.now() - start);
  }
}

/** The async form of timed: the phase lasts until the promise settles. */
export async function timedAsync<T>(name: string, fn: () => Promise<T>): Promise<T> {
  if (!enabled) return fn();
  const start = performance.now();
  try {
    return await fn();
  } finally {
    record(name, performance.now() - start);
  }
}

/** Adds a span measured elsewhere (e.g. start-up, from process start to the first phase). */
export function recordPhase(name: string, ms: number): void {
  if (enabled) record(name, ms);
}

const memoryRows: string[] = [];
const mb = (bytes: number) => (bytes / 1048576).toFixed(0).padStart(5);

/**
 * Memory at a phase boundary (timers on): resident set now and its peak so far, the V8 heap
 * in use, and memory outside it (Buffers). The peak column names the phase that set it.
 */
export function recordMemory(after: string): void {
  if (!enabled) return;
  const m = process.memoryUsage();
  const peak = process.resourceUsage().maxRSS * 1024;
  memoryRows.push(`${mb(m.rss)} ${mb(peak)} ${mb(m.heapUsed)} ${mb(m.heapTotal)} ${mb(m.external)}  ${after}`);
}

let codeCache: (() => string) | undefined;
/** How the bin loaded the CLI (src/cli/start.ts): read when the timings are printed, after every file the run loaded. */
export function describeCodeCache(describe: () => string): void {
  codeCache = describe;
}

function report(): string {
  if (codeCache) record(`${codeCache()} (count only)`, 0);
  const rows = [...phases].map(([name, p]) => `${p.ms.toFixed(1).padStart(9)} ms ${String(p.calls).padStart(7)}×  ${name}`);
  const head = ['rss', 'peak', 'heap', 'total', 'ext'].map((h) => h.padStart(5)).join(' ');
  if (memoryRows.length) rows.push(`${head}  memory in MB after (rss, its peak so far, V8 heap used and total, external)`, ...memoryRows);
  const cpu = process.cpuUsage();
  const rss = process.resourceUsage().maxRSS / 1024;
  return `boot-upgrade timings (wall ms, calls; nested phases overlap their parents):\n${rows.join('\n')}\n  process: ${performance.now().toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU, peak RSS ${rss.toFixed(0)} MB\n`;
}

let started = false;
/** Start-up: from the process's time origin to the first run (node, every static import). */
export function markStartup(): void {
  if (!enabled || started) return;
  started = true;
  record('start-up (node + imports)', performance.now());
}

if (enabled) process.on('exit', () => process.stderr.write(report()));
