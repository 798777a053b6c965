// The programmatic entry point: what the CLI, the tests and the benchmark call.
import { runEngine, DEFAULT_MAX_FILE_SIZE, type EngineInput } from './engine/run.js';
import type { FilePass, ProjectPass, RunOptions, RunResult } from './engine/types.js';
import { loadTable } from './table/load.js';
import { minorOf, resolveTarget, tableForTarget } from './table/target.js';
import { markStartup, timed } from './engine/timing.js';
import type { MigrationTable } from './table/types.js';
import { FILE_PASSES, LEAVE_ALONE, PROJECT_PASSES, RUN_DECISIONS } from '../transforms/index.js';

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
  const loaded = input.table ?? timed('table load', () => loadTable(input.tableFiles ?? []));
  // the table of the chosen release: the 3.0 rows with each later minor's composed in (src/table/target.ts)
  const table = tableForTarget(loaded, input.options?.bootVersion);
  const result = await runEngine({
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
  return { ...result, target: targetOf(loaded, input.options?.bootVersion) };
}

function targetOf(table: MigrationTable, option: unknown): RunResult['target'] {
  const version = resolveTarget(table, option);
  const newest = table.targets?.minors.at(-1);
  return { version, minor: minorOf(version), ...(newest ? { newest: { minor: newest.minor, version: newest.latest } } : {}) };
}

export { writeChanges, dirtyTargets } from './engine/write.js';
export { unifiedDiff } from './engine/diff.js';
export { loadTable } from './table/load.js';
export type { RunResult, FileChange, Finding } from './engine/types.js';
