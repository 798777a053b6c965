// The engine: scan, classify, run per-file passes to a fixed point, then project passes, and
// return a ChangeSet. It writes nothing: sinks (write, diff, check, report) consume the result.
import { createClassifier } from './classify.js';
import { excluder } from './exclude.js';
import { groupPerApplication } from './group.js';
import { RULES } from '../report/rules.js';
import { withoutSuppressed } from './suppress.js';
import { appendAll, applyEdits } from './edits.js';
import { Containment } from './contain.js';
import { checkEdits, makeSelector, mapToRound, runFilePasses, runPassWhenReady, toFinding, toOriginalOffset, type FileOutcome, type Selector } from './file-run.js';
import { ProjectFiles, viewOf } from './project-view.js';
import { collectChanges, refusedBroken, type WorkFile } from './changes.js';
import { DEFAULT_MAX_FILE_SIZE, listFiles, readListed, type Skipped } from './scan.js';
import { ScratchBuffer } from './scratch.js';
import { decode, LineIndex, looksBinary, looksUtf16 } from './text.js';
import { recordMemory, recordPhase, timed, timedAsync } from './timing.js';
import { rememberParses } from '../formats/parse-memo.js';
import { verifies } from './verify.js';
import type {
  Edit,
  SourceFile,
  ProjectResult,
  FileKind,
  FileOp,
  FilePass,
  Finding,
  LeftAlone,
  LeaveAlone,
  ModuleDecision,
  ModuleLine,
  PassContext,
  ProjectPass,
  ProjectView,
  RunDecision,
  RunOptions,
  RunResult,
} from './types.js';
import { NotReady } from './types.js';
import type { MigrationTable } from '../table/types.js';

export { DEFAULT_MAX_FILE_SIZE } from './scan.js';
/**
 * A configuration file (YAML, XML, .properties) is parsed whole, its parse tree and planned
 * edits held at once: about 80 bytes of memory per byte of a file whose every line is renamed
 * (4 MB: 360 MB; 70 MB: 3 GB). Larger ones are not read whatever --max-file-size (or a
 * repository's configuration) says.
 */
export const MAX_CONFIG_FILE_SIZE = 4 * 1024 * 1024;
const BINARY_KINDS: ReadonlySet<FileKind> = new Set(['banner-image']);

export interface EngineInput {
  root: string;
  table: MigrationTable;
  filePasses: readonly FilePass[];
  projectPasses?: readonly ProjectPass[];
  options?: RunOptions;
  /** Restrict to these paths (relative to root), as `check file...` passes them. */
  only?: string[];
  /** Globs of files and folders left out of the run (--exclude): neither read nor changed. */
  exclude?: string[];
  configGlobs?: string[];
  maxFileSize?: number;
  /** Rule or pass ids to keep (--only) or drop (--skip). */
  onlyRules?: string[];
  skipRules?: string[];
  onProgress?: (done: number, total: number) => void;
  /** Modules that are not Spring Boot modules: their files are skipped by every pass. */
  leaveAlone?: LeaveAlone;
  /** Choices made once per run before the passes (types.ts RunDecision). */
  decisions?: readonly RunDecision[];
}

/** The same finding from two rounds is one finding; the same message on two lines is two. */
function findingKey(f: Finding): string {
  return `${f.path}\0${f.line}\0${f.column}\0${f.rule}\0${f.message}`;
}

async function readWorkFiles(
  input: EngineInput,
  wanted: ReadonlySet<FileKind>,
): Promise<{ files: WorkFile[]; scanned: number; skipped: Skipped[]; excluded: number }> {
  const classifier = createClassifier(input.configGlobs);
  const excluded = excluder(input.exclude);
  let excludedCount = 0;
  // Files no pass reads are neither stat-ed nor opened; excluded ones are counted, not read.
  const keep = (p: string) => {
    if (!wanted.has(classifier.classify(p))) return false;
    if (excluded?.(p)) return (excludedCount++, false);
    return true;
  };
  const listing = await timedAsync('scan (list)', () => listFiles(input.root, { only: input.only, keep }));
  // The listing may end in a callback from the file system (a .gitignore read, git's output),
  // and everything after it runs in that callback's microtasks (the reads and passes are
  // synchronous): its native handle scope stays open and keeps what the listing made alive (the
  // directory walk's entries: about 10 MB at 50,000 files when it was fast-glob's) until the
  // event loop turns. One turn lets it go.
  await new Promise((resolve) => setImmediate(resolve));
  const maxFileSize = input.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  // links and files too large are skipped like folders (listed in path order); what cannot be
  // read or decoded follows them
  const notFiles = [...listing.skipped];
  let skipped: Skipped[] = [];
  const files: WorkFile[] = [];
  const readStart = performance.now();
  // Synchronous reads: measured 4x faster than batched promises on 10,000 small files (130-180 ms
  // against 580-630 ms warm), since each async read costs four thread-pool round trips.
  const scratch = new ScratchBuffer(); // each file's bytes live until decoded: one buffer for all
  for (const rel of listing.paths) {
    const kind = classifier.classify(rel);
    const limit = verifies(kind) ? Math.min(maxFileSize, MAX_CONFIG_FILE_SIZE) : maxFileSize;
    const opened = readListed(input.root, rel, limit, scratch);
    if (!opened) continue;
    if ('skipped' in opened) {
      if (opened.skipped.kind === 'too-large' && limit < maxFileSize) {
        opened.skipped.reason = `larger than ${limit} bytes: a configuration file is parsed whole, in about 80 times its size of memory (split it; this limit holds whatever --max-file-size says)`;
      }
      (opened.skipped.kind === 'unreadable' ? skipped : notFiles).push(opened.skipped);
      continue;
    }
    const { bytes, mode } = opened;
    const binaryKind = BINARY_KINDS.has(kind);
    if (!binaryKind && looksBinary(bytes)) {
      const utf16 = looksUtf16(bytes);
      skipped.push(utf16 ? { path: rel, reason: 'UTF-16 text (not read: convert it to UTF-8 to have it migrated)', kind: 'utf-16' } : { path: rel, reason: 'binary content', kind: 'binary' });
      continue;
    }
    files.push(workFile(rel, kind, mode, bytes, binaryKind));
  }
  notFiles.sort((a, b) => (a.path < b.path ? -1 : 1));
  skipped = [...notFiles, ...skipped];
  recordPhase('read (open, fstat, read) + decode', performance.now() - readStart);
  recordMemory('read + decode');
  return { files, scanned: listing.listed, skipped, excluded: excludedCount };
}

/**
 * What a file that no pass changed holds as its rules and history: one shared, frozen empty
 * record and list, not two objects for each of 50,000 files (a change makes new ones).
 */
const NO_RULES: Record<string, number> = Object.freeze({}) as Record<string, number>;
const NO_HISTORY: Edit[][] = Object.freeze([]) as unknown as Edit[][];

/**
 * A file as read: its decoded text, or its bytes for a binary kind. Every field is set at once
 * (one object shape, its fields inside the object, none added later).
 */
function workFile(path: string, kind: FileKind, mode: number, read: Buffer, binary: boolean): WorkFile {
  const initial = binary ? undefined : decodedFile(path, kind, read);
  // `read` is the read's scratch buffer: a binary file's bytes are kept, so copied
  return { path, kind, mode, bytes: binary ? Buffer.from(read) : undefined, initial, source: initial, rules: NO_RULES, failed: false, history: NO_HISTORY };
}

function decodedFile(path: string, kind: FileKind, bytes: Buffer): SourceFile {
  const d = decode(bytes, kind);
  return { path, kind, text: d.text, encoding: d.encoding, bom: d.bom };
}

/** The text of a file as it was read, with its line index: findings are placed on it. Built once per file. */
const originals = new WeakMap<WorkFile, { text: string; lines: LineIndex }>();
function original(work: WorkFile): { text: string; lines: LineIndex } | undefined {
  if (!work.initial) return undefined;
  let o = originals.get(work);
  if (!o) originals.set(work, (o = { text: work.initial.text, lines: new LineIndex(work.initial.text) }));
  return o;
}

function makeProjectView(root: string, files: WorkFile[]): ProjectView {
  return viewOf(root, files.map((f) => (f.source ? { path: f.path, kind: f.kind, text: f.source.text } : { path: f.path, kind: f.kind, bytes: f.bytes })));
}

/**
 * The project passes' files: those the file passes did not fail, with the texts they left. A
 * file they did not change keeps the ProjectFile of the view they read (same text), so only
 * the changed files cost a new object.
 */
function projectPassFiles(root: string, files: WorkFile[], asRead: ProjectView): ProjectFiles {
  const unchanged = (f: WorkFile) => !f.source || f.source.text === f.initial!.text;
  return new ProjectFiles(root, files.filter((f) => !f.failed).map((f) => (unchanged(f) ? asRead.byPath.get(f.path)! : { path: f.path, kind: f.kind, text: f.source!.text })));
}

class FindingSink {
  all: Finding[] = [];
  private readonly seen = new Set<string>();
  /** Where each file-pass finding stands in its file as read, so later deletions can void it. */
  private readonly offsets = new Map<Finding, number>();
  add(f: Finding, originalOffset?: number): void {
    const key = findingKey(f);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.all.push(f);
    if (originalOffset !== undefined) this.offsets.set(f, originalOffset);
  }
  /** A finding about text that a project pass then deleted (e.g. banner keys it consumed) is moot. */
  dropInside(path: string, ranges: { start: number; end: number }[]): void {
    if (ranges.length === 0) return;
    this.all = this.all.filter((f) => {
      const at = f.path === path ? this.offsets.get(f) : undefined;
      return at === undefined || !ranges.some((r) => at >= r.start && at < r.end);
    });
  }
}

function applyProjectEdits(byPath: Map<string, WorkFile>, result: { path: string; edits: Edit[] }[], passId: string, sink: FindingSink, select: Selector, seen: ProjectFiles): void {
  for (const { path: p, edits } of result) {
    const work = byPath.get(p);
    if (!work?.source || work.failed) continue;
    const wanted = checkEdits(work.source, edits.filter((e) => select.rule(passId, e.rule)), sink, passId);
    const spliced = applyEdits(work.source.text, wanted);
    for (const e of spliced.deferred) {
      sink.add(toFinding({ rule: 'engine/overlap', severity: 'error', message: `${passId}: an edit (${e.rule}) overlapped another and was not applied; run again`, offset: e.start }, work.source));
    }
    if (spliced.applied.length === 0) continue;
    // new records rather than pushes: a file no pass changed shares the frozen empty ones
    const rules = { ...work.rules };
    for (const e of spliced.applied) rules[e.rule] = (rules[e.rule] ?? 0) + 1;
    work.rules = rules;
    const deleted = spliced.applied
      .filter((e) => e.end > e.start)
      .map((e) => ({ start: toOriginalOffset(work.history, e.start), end: toOriginalOffset(work.history, e.end) }));
    sink.dropInside(p, deleted);
    work.history = [...work.history, spliced.applied];
    work.source = { ...work.source, text: spliced.text };
    seen.setText(p, spliced.text);
  }
}

/** Every RunDecision, in order; one that needs a parser loaded first (NotReady) waits and decides again. */
async function decideAll(decisions: readonly RunDecision[], ctx: PassContext): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const d of decisions) {
    for (;;) {
      try {
        out[d.id] = d.decide(ctx);
        break;
      } catch (error) {
        if (!(error instanceof NotReady)) throw error;
        await error.ready;
      }
    }
  }
  return out;
}

export async function runEngine(input: EngineInput): Promise<RunResult> {
  rememberParses(true); // for verify.ts: what the passes parse need not be parsed again
  try {
    return await runEngineRemembering(input);
  } finally {
    rememberParses(false);
  }
}

async function runEngineRemembering(input: EngineInput): Promise<RunResult> {
  const select = makeSelector(input.onlyRules, input.skipRules);
  const filePasses = input.filePasses.filter((p) => select.pass(p));
  const projectPasses = (input.projectPasses ?? []).filter((p) => select.pass(p));
  const wanted = new Set<FileKind>([...filePasses.flatMap((p) => p.kinds), ...projectPasses.flatMap((p) => p.kinds)]);
  // The module decision reads the build files even when no build pass runs (--only sources).
  if (input.leaveAlone && wanted.size > 0) for (const k of input.leaveAlone.kinds) wanted.add(k);
  if (wanted.size > 0) for (const d of input.decisions ?? []) for (const k of d.kinds ?? []) wanted.add(k);
  const { files, scanned, skipped, excluded } = await readWorkFiles(input, wanted);
  const sink = new FindingSink();
  for (const s of skipped) if (s.kind === 'utf-16') sink.add({ rule: 'engine/utf-16', severity: 'warning', path: s.path, line: 1, column: 1, message: `${s.path} is UTF-16 text: it was not read nor migrated; convert it to UTF-8 and run again` });
  const ctx: PassContext = {
    table: input.table,
    options: input.options ?? {},
    project: makeProjectView(input.root, files),
    ruleSelected: (passId, rule) => select.rule(passId, rule),
    // A decision about every source of the repository (springfox-switch) needs them all read.
    // (Sources under build output, tool folders or symlinks are not the user's to migrate.)
    wholeRepository: !input.only?.length && !skipped.some((s) => /\.(java|kt)$/.test(s.path) && ['too-large', 'unreadable', 'utf-16', 'binary', 'submodule'].includes(s.kind)),
  };
  const needed = new Set(files.map((f) => f.kind));
  await timedAsync('pass init', () =>
    Promise.all([
      ...filePasses.filter((p) => p.init && p.kinds.some((k) => needed.has(k))).map((p) => p.init!(ctx)),
      ...projectPasses.filter((p) => p.init).map((p) => p.init!(ctx)),
    ]),
  );

  const decision = input.leaveAlone ? await decideModulesWhenReady(input.leaveAlone, ctx, (input.only?.length ?? 0) > 0) : undefined;
  const leftAlone = decision?.leftAlone ?? [];
  const classifier = createClassifier(input.configGlobs);
  const kindOf = (p: string) => ctx.project.byPath.get(p)?.kind ?? classifier.classify(p);
  const isLeftAlone = (p: string) => leftAlone.some((m) => under(p, m.dir) && !m.except?.some((e) => under(p, e)) && (!m.kinds || m.kinds.includes(kindOf(p))));
  reportLeftAlone(leftAlone, input.leaveAlone?.rule, files, sink);
  ctx.isLeftAlone = isLeftAlone;
  ctx.decisions = await timedAsync('run decisions', () => decideAll(input.decisions ?? [], ctx));
  const passesStart = performance.now();
  // modules that are not Boot modules are not run at all (build files and sources alike)
  const runnable = files.filter((work) => !isLeftAlone(work.path));
  await runAllFilePasses(runnable, filePasses, ctx, select, input, sink);
  recordPhase('file passes (all rounds)', performance.now() - passesStart);
  recordMemory('file passes');

  const byPath = new Map(files.map((f) => [f.path, f]));
  const fileOps: FileOp[] = [];
  const containment = new Containment(input.root);
  const projectFiles = projectPassFiles(input.root, files, ctx.project);
  // the view of the texts as read is let go, and with it what the file passes cached on it (pom models, config files)
  ctx.project = projectFiles.view();
  for (const pass of projectPasses) {
    const view = projectFiles.view();
    const result = await timedAsync(`project pass ${pass.id}`, () => runProjectPass(pass, view, ctx, sink));
    if (refusedOutside(result, containment, pass.id, sink)) continue;
    for (const f of result.findings ?? []) {
      if (!select.rule(pass.id, f.rule) || (f.path !== undefined && isLeftAlone(f.path))) continue;
      const target = f.path ? byPath.get(f.path) : undefined;
      const read = target ? original(target) : undefined;
      const placed = target ? mapToRound(f, target.history) : f;
      sink.add(toFinding(placed, { path: f.path ?? '.', text: read?.text }, read?.lines));
    }
    applyProjectEdits(byPath, (result.edits ?? []).filter((e) => !isLeftAlone(e.path)), pass.id, sink, select, projectFiles);
    appendAll(fileOps, (result.fileOps ?? []).filter((op) => select.rule(pass.id, op.rule) && !isLeftAlone(op.path)));
    recordMemory(`project pass ${pass.id}`);
  }

  const collected = timed('collect changes (encode + compare)', () => collectChanges(files, fileOps, byPath));
  const changes = timed('verify rewritten files parse', () => collected.filter((c) => !refusedBroken(c, byPath, sink)));
  recordMemory('collect changes');
  const textAsRead = (p: string) => byPath.get(p)?.initial?.text;
  const { kept, suppressed } = withoutSuppressed(sink.all, textAsRead);
  const modules = decision?.modules;
  const finishing = modules ? finishedModuleFilter(modules) : () => false;
  // a module already on the 3.0 line took the 2.x to 3.0 step: what only describes that step is not said
  const said = kept.filter((f) => !RULES[f.rule]?.step || !finishing(f.path));
  const findings = groupPerApplication(said).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.column - b.column));
  // files the run could not handle; a template under a resources folder it could not parse is data, not a partial run
  const errors = findings.filter((f) => f.severity === 'error' && (f.rule === 'parse-error' || f.rule === 'internal-error' || f.rule === 'engine/outside-repository' || f.rule === 'engine/breaks-file'));
  const stats = { scanned, read: files.length, skipped, ...(excluded ? { excluded } : {}), ...(suppressed ? { suppressed } : {}) };
  return { root: input.root, ...(modules ? { modules } : {}), changes, findings, errors, stats };
}

const under = (p: string, dir: string) => dir === '' || p.startsWith(dir + '/');

/** One finding per module left alone, on its build file: info, or the error that made it so. */
function reportLeftAlone(modules: LeftAlone[], rule: string | undefined, files: WorkFile[], sink: FindingSink): void {
  for (const m of modules) {
    if (m.quiet) continue;
    const work = files.find((f) => f.path === m.path);
    const read = work ? original(work) : undefined;
    sink.add(toFinding({ rule: m.rule ?? rule ?? 'left-alone', severity: m.severity ?? 'info', message: m.message, offset: m.offset }, { path: m.path, text: read?.text }, read?.lines));
  }
}

/** The module decision; one that needs a parser loaded first (NotReady) waits and decides again. */
async function decideModulesWhenReady(leave: LeaveAlone, ctx: PassContext, partial: boolean): Promise<ModuleDecision> {
  return timedAsync('module decision', () => runPassWhenReady(() => leave.decide(ctx.project, ctx, partial)));
}

/** Whether a path lies in a module already on the 3.0 line (its deepest module decides). */
function finishedModuleFilter(modules: ModuleLine[]): (path: string) => boolean {
  const deepestFirst = [...modules].sort((a, b) => b.dir.length - a.dir.length);
  return (p) => deepestFirst.find((m) => under(p, m.dir) || p === m.dir)?.line === 'boot3';
}

/** A project pass that throws is an internal-error finding naming it; the other passes still run. */
async function runProjectPass(pass: ProjectPass, view: ProjectView, ctx: PassContext, sink: FindingSink): Promise<ProjectResult> {
  try {
    // a parser loaded on first use (NotReady) is waited for and the pass run again
    return await runPassWhenReady(() => pass.run(view, { ...ctx, project: view }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    sink.add({ rule: 'internal-error', severity: 'error', path: '.', line: 1, column: 1, message: `${pass.id} failed: ${reason}; nothing of this pass was applied` });
    return {};
  }
}

/**
 * A project pass that would write, create or delete a path outside the repository (through a
 * linked folder, or a `..` in a table row) is refused whole: its other operations belong with
 * that one (spring.factories is deleted only because the .imports file is created).
 */
function refusedOutside(result: ProjectResult, containment: Containment, passId: string, sink: FindingSink): boolean {
  const paths = [...new Set([...(result.fileOps ?? []).map((op) => op.path), ...(result.edits ?? []).map((e) => e.path)])];
  let refused = false;
  for (const p of paths) {
    const problem = containment.problem(p);
    if (problem === undefined) continue;
    refused = true;
    sink.add({ rule: 'engine/outside-repository', severity: 'error', path: p, line: 1, column: 1, message: `${passId}: refused to write ${p} (${problem}); nothing of this pass was applied` });
  }
  return refused;
}

/**
 * Runs the file passes on every text file, in order: each outcome is applied as it comes, and
 * what it holds for a file left unchanged dies young instead of being kept (and promoted) for all of them.
 */
async function runAllFilePasses(files: WorkFile[], passes: readonly FilePass[], ctx: PassContext, select: Selector, input: EngineInput, sink: FindingSink): Promise<void> {
  let done = 0;
  for (let i = 0; i < files.length; i++) {
    const work = files[i]!;
    if (!work.initial) continue;
    const outcome = runFilePasses(work.initial, passes, ctx, select);
    applyOutcome(work, outcome instanceof Promise ? await outcome : outcome, sink);
    input.onProgress?.(++done, files.length);
  }
}

function applyOutcome(work: WorkFile, o: FileOutcome, sink: FindingSink): void {
  const changed = !o.failed && o.text !== work.initial!.text;
  // an unchanged file keeps its one SourceFile and the shared empty rules and history
  if (changed) work.source = { ...work.initial!, text: o.text };
  if (Object.keys(o.rules).length) work.rules = o.rules;
  work.failed = o.failed;
  if (o.history.length) work.history = o.history;
  for (const [f, offset] of o.findings) sink.add(f, offset);
}
