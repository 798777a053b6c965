// The programmatic entry point: what the CLI, the tests and the benchmark call.
import { runEngine, DEFAULT_MAX_FILE_SIZE, type EngineInput } from './engine/run.js';
import type { FilePass, ProjectPass, RunOptions, RunResult } from './engine/types.js';
import { loadTable } from './table/load.js';
import { markStartup, timed } from './engine/timing.js';
import type { MigrationTable } from './table/types.js';
import { FILE_PASSES, LEAVE_ALONE, PROJECT_PASSES, RUN_DECISIONS } from '../transforms/index.js';
import { targetRelease } from '../transforms/build/facts.js';

export interface PlanInput {
  root: string;
  /** Extra --table files, or an already loaded table. */
  tableFiles?: string[];
  table?: MigrationTable;
  options?: RunOptions;
  only?: string[];
  /** Globs (relative to root) of files and folders to leave out: neither read nor changed. */
  exclude?: string[];
  configGlobs?: string[];
  maxFileSize?: number;
  onlyRules?: string[];
  skipRules?: string[];
  filePasses?: readonly FilePass[];
  projectPasses?: readonly ProjectPass[];
  onProgress?: (done: number, total: number) => void;
  /** false: also migrate modules that are not Spring Boot modules (tests of single passes). */
  leaveAlone?: false;
}

/** Computes every change and finding without writing anything. */
export async function planMigration(input: PlanInput): Promise<RunResult> {
  markStartup();
  const table = input.table ?? timed('table load', () => loadTable(input.tableFiles ?? []));
  // a release the table does not know is a usage error before any file is read, build files or not
  if (input.options?.bootVersion !== undefined) targetRelease(table, input.options.bootVersion);
  return runEngine({
    root: input.root,
    table,
    filePasses: input.filePasses ?? FILE_PASSES,
    projectPasses: input.projectPasses ?? PROJECT_PASSES,
    options: input.options ?? {},
    only: input.only,
    exclude: input.exclude,
    configGlobs: input.configGlobs,
    maxFileSize: input.maxFileSize ?? DEFAULT_MAX_FILE_SIZE,
    onlyRules: input.onlyRules,
    skipRules: input.skipRules,
    onProgress: input.onProgress,
    leaveAlone: input.leaveAlone === false ? undefined : LEAVE_ALONE,
    decisions: RUN_DECISIONS,
  });
}

export { writeChanges, dirtyTargets } from './engine/write.js';
export { unifiedDiff } from './engine/diff.js';
export { loadTable } from './table/load.js';
export type { RunResult, FileChange, Finding } from './engine/types.js';
