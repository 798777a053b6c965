// Both cores for the file passes that read nothing but their own file. Java and Kotlin are most
// of a repository and most of the CPU (the profile in the README), and their passes are pure
// functions of one file and the table; so one worker thread takes chunks of those files while
// the main thread works through the rest and then takes chunks too (a shared counter hands them
// out chunk by chunk, so neither side waits for a fixed half). Outcomes are applied in file order, so the result
// is byte for byte the run of a single thread (test/pool.test.ts, and the bench repository).
import { availableParallelism, loadavg } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startEngineWorker } from './worker-start.js';
import { appendAll } from './edits.js';
import { kindIndex } from './project-view.js';
import type { FileOutcome } from './file-run.js';
import type { FileKind, FilePass, PassContext, ProjectFile, ProjectView, RunOptions, SourceFile } from './types.js';
import type { MigrationTable } from '../table/types.js';

/** Files handed out at a time: large enough to amortise a message, small enough to balance. */
export const POOL_CHUNK = 64;
/**
 * Fewer isolated files than this run on the main thread alone: the worker's start-up (loading
 * the transforms, cloning the table and the texts) costs about what 2,000 Java files do.
 */
export const POOL_MIN_FILES = 4000;

/** How many files the worker of the latest run took (0 without one): for the tests and the timers. */
export const lastPool = { workerFiles: 0 };

export interface PoolJob {
  index: number;
  file: SourceFile;
}

export interface WorkerSetup {
  table: MigrationTable;
  options: RunOptions;
  onlyRules?: string[];
  skipRules?: string[];
  /** Ids of the file passes the worker runs (the default passes, looked up by id). */
  passIds: string[];
  /** The project as the isolated passes may read it: every path and kind, the texts they named. */
  project: ProjectSnapshot;
  /** PassContext.wholeRepository and the run's decisions, as the main thread made them. */
  wholeRepository?: boolean;
  decisions?: Readonly<Record<string, unknown>>;
}

/** A structured-clone-able ProjectView: files in the view's order. */
export interface ProjectSnapshot {
  root: string;
  files: ProjectFile[];
}

/**
 * What the worker may know of the project: every file's path and kind (in the view's order,
 * so a `find` answers the same), and the text of a file only when an isolated pass's
 * `projectReads` asks for it. Built once, before the file passes, from the texts as read: the
 * same texts the main thread's view holds while the file passes run.
 */
export function projectSnapshot(project: ProjectView, passes: readonly FilePass[], ctx: PassContext): ProjectSnapshot {
  const readers = passes.filter((p) => p.isolated && p.projectReads).map((p) => p.projectReads!(project, ctx));
  const files = project.files.map((f): ProjectFile => (f.text !== undefined && readers.some((wants) => wants(f)) ? { path: f.path, kind: f.kind, text: f.text } : { path: f.path, kind: f.kind }));
  return { root: project.root, files };
}

/** The view a worker's passes get: the same shape the main thread's makeProjectView gives. */
export function snapshotView(s: ProjectSnapshot): ProjectView {
  const byPath = new Map(s.files.map((f) => [f.path, f]));
  return { root: s.root, files: s.files, byPath, ofKind: kindIndex(s.files) };
}

/** A worker's outcome for one file; `text` is omitted when the file did not change. */
export type WorkerOutcome = Omit<FileOutcome, 'text'> & { index: number; text?: string };

/** Kinds every selected pass of which is `isolated`: their files may run in the worker. */
export function isolatedKinds(passes: readonly FilePass[]): Set<FileKind> {
  const kinds = new Set<FileKind>(passes.flatMap((p) => p.kinds));
  for (const p of passes) if (!p.isolated) for (const k of p.kinds) kinds.delete(k);
  return kinds;
}

/**
 * Whether to start the worker. Off unless asked: measured on 10,000 files it costs about 0.5 s
 * more CPU (+17 %: its own start-up, JIT warm-up, the snapshot) and 30 MB, and no run on this
 * project's 2-core machine has shown it shortening the wall clock (README "Performance").
 * BOOT_UPGRADE_WORKERS=1 uses it whatever the size and load (tests, bench), =all gives it every
 * isolated file (tests), =auto starts it for 4,000+ isolated files when the load average
 * leaves a whole core idle; unset or 0: one thread.
 */
export function poolWanted(isolatedFiles: number): boolean {
  const env = process.env.BOOT_UPGRADE_WORKERS;
  if (env === '1' || env === 'all') return isolatedFiles > 0;
  if (env !== 'auto') return false;
  const cores = availableParallelism();
  return isolatedFiles >= POOL_MIN_FILES && cores >= 2 && cores - loadavg()[0]! >= 1;
}

/**
 * One worker, fed chunk by chunk: the main thread hands out the next chunk each time the worker
 * returns one (two in flight, so it never waits for the main thread), and takes chunks itself
 * from the same list between its own files. The worker holds only the texts of its chunks, not
 * a second copy of the repository.
 */
export class FilePool {
  private readonly worker: Worker;
  private readonly outcomes: WorkerOutcome[] = [];
  private readonly finished: Promise<void>;
  private jobs: readonly PoolJob[] = [];
  private next = 0;
  private ended = false;

  constructor(setup: WorkerSetup) {
    this.worker = startEngineWorker('file-worker', setup);
    this.finished = new Promise((resolve) => {
      this.worker.on('message', (m: { outcomes?: WorkerOutcome[]; done?: boolean }) => {
        if (m.outcomes) {
          appendAll(this.outcomes, m.outcomes);
          this.feed();
        }
        if (m.done) resolve();
      });
      // A worker that fails leaves its files without outcomes; the main thread runs them.
      this.worker.on('error', () => resolve());
      this.worker.on('exit', () => resolve());
    });
  }

  /** Gives the worker its first two chunks; it asks for more by returning outcomes. */
  start(jobs: readonly PoolJob[]): void {
    this.jobs = jobs;
    this.feed();
    this.feed();
  }

  private feed(): void {
    const range = this.claim();
    if (range) this.worker.postMessage({ jobs: this.jobs.slice(range[0], range[1]) });
    else if (!this.ended) {
      this.ended = true;
      this.worker.postMessage({ end: true });
    }
  }

  /** The next chunk: [start, end) into the jobs, or undefined when all are taken. */
  claim(): [number, number] | undefined {
    if (this.next >= this.jobs.length) return undefined;
    const start = this.next;
    this.next = Math.min(this.jobs.length, start + POOL_CHUNK);
    return [start, this.next];
  }

  /** Stops the worker at once (the run failed on the main thread). */
  async stop(): Promise<void> {
    await this.worker.terminate();
  }

  /** Waits for the worker's last chunk, stops it, and returns its outcomes. */
  async results(): Promise<WorkerOutcome[]> {
    await this.finished;
    await this.worker.terminate();
    lastPool.workerFiles = this.outcomes.length;
    return this.outcomes;
  }
}
