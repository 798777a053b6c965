// The engine: scan, classify, run per-file passes to a fixed point, then project passes, and
// return a ChangeSet. It writes nothing: sinks (write, diff, check, report) consume the result.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createClassifier } from './classify.js';
import { applyEdits, validateEdit } from './edits.js';
import { scanFiles } from './scan.js';
import { decode, encode, fitsEncoding, LineIndex, looksBinary } from './text.js';
import { recordPhase, timed, timedAsync, timingsEnabled } from './timing.js';
import type {
  Edit,
  FileChange,
  FileKind,
  FileOp,
  FilePass,
  Finding,
  FindingInput,
  PassContext,
  ProjectFile,
  ProjectPass,
  ProjectView,
  RunOptions,
  RunResult,
  SourceFile,
} from './types.js';
import { NotReady, ParseError } from './types.js';
import type { MigrationTable } from '../table/types.js';

export const MAX_ROUNDS = 8;
export const DEFAULT_MAX_FILE_SIZE = 4 * 1024 * 1024;
const BINARY_KINDS: ReadonlySet<FileKind> = new Set(['banner-image']);

export interface EngineInput {
  root: string;
  table: MigrationTable;
  filePasses: readonly FilePass[];
  projectPasses?: readonly ProjectPass[];
  options?: RunOptions;
  /** Restrict to these paths (relative to root), as `check file...` passes them. */
  only?: string[];
  configGlobs?: string[];
  maxFileSize?: number;
  /** Rule or pass ids to keep (--only) or drop (--skip). */
  onlyRules?: string[];
  skipRules?: string[];
  onProgress?: (done: number, total: number) => void;
}

interface WorkFile {
  path: string;
  kind: FileKind;
  mode: number;
  /**
   * Raw bytes, kept for binary kinds only. A text file keeps just its decoded text: decoding is
   * lossless (encode(decode(bytes)) === bytes, see text.ts), so the bytes are re-made from
   * `initial` when a change needs them, and memory holds one copy of the repository, not two.
   */
  bytes?: Buffer;
  /** The text as read; `source` is the text after the passes so far. Undefined for binary kinds. */
  initial?: SourceFile;
  source?: SourceFile;
  rules: Record<string, number>;
  failed: boolean;
  /** Edits applied, round by round (each in the coordinates of the text before its round). */
  history: Edit[][];
}

/**
 * Maps an offset in the current text back to the file as it was read: findings point at the
 * file the user has on disk (report, check, dry-run), whatever round found them. An offset
 * inside inserted text maps to the start of that edit.
 */
function toOriginalOffset(history: readonly Edit[][], offset: number): number {
  let o = offset;
  for (let r = history.length - 1; r >= 0; r--) {
    let shift = 0;
    let mapped: number | undefined;
    for (const e of history[r]!) {
      const newStart = e.start + shift;
      const newEnd = newStart + e.text.length;
      if (o < newStart) break;
      if (o < newEnd) {
        mapped = e.start;
        break;
      }
      shift += e.text.length - (e.end - e.start);
    }
    o = mapped ?? o - shift;
  }
  return o;
}



/**
 * --only/--skip entries name a pass or a rule. An entry matches an id equal to it or below it
 * ("sources" matches the pass "sources/java" and the rule "sources/javax-jakarta").
 */
function makeSelector(only?: string[], skip?: string[]) {
  const hit = (list: string[], id: string) => list.some((x) => id === x || id.startsWith(x + '/'));
  return {
    pass(p: { id: string; rules: string[] }): boolean {
      if (only?.length && !hit(only, p.id) && !p.rules.some((r) => hit(only, r))) return false;
      if (skip?.length && hit(skip, p.id)) return false;
      return true;
    },
    rule(passId: string, rule: string): boolean {
      if (only?.length && !hit(only, passId) && !hit(only, rule)) return false;
      if (skip?.length && hit(skip, rule)) return false;
      return true;
    },
  };
}

function toFinding(input: FindingInput, file: { path: string; text?: string }, lines?: LineIndex): Finding {
  let line = input.line ?? 1;
  let column = input.column ?? 1;
  if (input.offset !== undefined && input.line === undefined && file.text !== undefined) {
    const pos = (lines ?? new LineIndex(file.text)).position(input.offset);
    line = pos.line;
    column = pos.column;
  }
  const finding: Finding = { rule: input.rule, severity: input.severity, path: input.path ?? file.path, line, column, message: input.message };
  if (input.docs) finding.docs = input.docs;
  return finding;
}

/** The same finding from two rounds is one finding; the same message on two lines is two. */
function findingKey(f: Finding): string {
  return `${f.path}\0${f.line}\0${f.column}\0${f.rule}\0${f.message}`;
}

async function readWorkFiles(
  input: EngineInput,
  wanted: ReadonlySet<FileKind>,
): Promise<{ files: WorkFile[]; scanned: number; skipped: { path: string; reason: string }[] }> {
  const classifier = createClassifier(input.configGlobs);
  // Files no pass reads are neither stat-ed nor opened.
  const keep = (p: string) => wanted.has(classifier.classify(p));
  const scan = await timedAsync('scan (list + lstat)', () => scanFiles(input.root, { maxFileSize: input.maxFileSize ?? DEFAULT_MAX_FILE_SIZE, only: input.only, keep }));
  const skipped = [...scan.skipped];
  const candidates = scan.files.map((f) => ({ ...f, kind: classifier.classify(f.path) }));
  const files: WorkFile[] = [];
  const readStart = performance.now();
  // Synchronous reads: measured 4x faster than batched promises on 10,000 small files (130-180 ms
  // against 580-630 ms warm), since each async read costs four thread-pool round trips.
  for (const c of candidates) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(input.root, c.path));
    } catch (e) {
      skipped.push({ path: c.path, reason: `cannot read (${(e as NodeJS.ErrnoException).code ?? e})` });
      continue;
    }
    const binaryKind = BINARY_KINDS.has(c.kind);
    if (!binaryKind && looksBinary(bytes)) {
      skipped.push({ path: c.path, reason: 'binary content' });
      continue;
    }
    const work: WorkFile = { path: c.path, kind: c.kind, mode: c.mode, rules: {}, failed: false, history: [] };
    if (binaryKind) work.bytes = bytes;
    else work.source = work.initial = { path: c.path, kind: c.kind, ...decode(bytes, c.kind) };
    files.push(work);
  }
  recordPhase('read + decode', performance.now() - readStart);
  return { files, scanned: scan.listed, skipped };
}

/** The text of a file as it was read, with its line index: findings are placed on it. Built once per file. */
const originals = new WeakMap<WorkFile, { text: string; lines: LineIndex }>();
function original(work: WorkFile): { text: string; lines: LineIndex } | undefined {
  if (!work.initial) return undefined;
  let o = originals.get(work);
  if (!o) originals.set(work, (o = { text: work.initial.text, lines: new LineIndex(work.initial.text) }));
  return o;
}

/** The file's bytes as read (re-encoded from the decoded text for text files: exact). */
function originalBytes(work: WorkFile): Buffer {
  return work.bytes ?? encode(work.initial!.text, work.initial!.encoding, work.initial!.bom);
}

function makeProjectView(root: string, files: WorkFile[]): ProjectView {
  const list: ProjectFile[] = files.map((f) =>
    f.source ? { path: f.path, kind: f.kind, text: f.source.text } : { path: f.path, kind: f.kind, bytes: f.bytes },
  );
  const byPath = new Map(list.map((f) => [f.path, f]));
  return { root, files: list, byPath, ofKind: (...kinds) => list.filter((f) => kinds.includes(f.kind)) };
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

/** Rejects an edit that is out of range or cannot be encoded in the file's encoding. */
function checkEdits(file: SourceFile, edits: Edit[], sink: FindingSink, passId: string): Edit[] {
  return edits.filter((edit) => {
    const problem = validateEdit(edit, file.text.length) ?? (fitsEncoding(edit.text, file.encoding) ? undefined : 'text not representable in ISO-8859-1');
    if (problem) {
      sink.add(toFinding({ rule: 'engine/bad-edit', severity: 'error', message: `${passId} produced an edit that was refused: ${problem}` }, file));
    }
    return !problem;
  });
}

function failFile(work: WorkFile, original: SourceFile, error: unknown, passId: string, sink: FindingSink): void {
  work.failed = true;
  work.source = original;
  work.rules = {};
  if (error instanceof ParseError) {
    sink.add(toFinding({ rule: 'parse-error', severity: 'error', message: `cannot parse: ${error.message}; left unchanged`, offset: error.offset }, original));
  } else {
    const reason = error instanceof Error ? error.message : String(error);
    sink.add(toFinding({ rule: 'internal-error', severity: 'error', message: `${passId} failed: ${reason}; left unchanged` }, original));
  }
}

/** Runs a pass; when it reports NotReady (a parser loaded on first use), waits and runs it again. */
async function runPassWhenReady<T>(run: () => T | Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof NotReady)) throw error;
      await error.ready;
    }
  }
}

/** Runs the file passes on one file until they have nothing more to change (bounded). */
async function runFilePasses(work: WorkFile, passes: readonly FilePass[], ctx: PassContext, sink: FindingSink, select: ReturnType<typeof makeSelector>): Promise<void> {
  const original = work.source!;
  let current = original;
  const found: FindingInput[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const edits: Edit[] = [];
    for (const pass of passes) {
      if (!pass.kinds.includes(current.kind)) continue;
      if (pass.prefilter && !timed('prefilters', () => pass.prefilter!(current.text, ctx))) continue;
      let result;
      try {
        const run = () => timed(`file pass ${pass.id}`, () => pass.run(current, ctx));
        try {
          result = run();
        } catch (error) {
          if (!(error instanceof NotReady)) throw error;
          result = await runPassWhenReady(run); // only the first file that needs the parser waits
        }
      } catch (error) {
        failFile(work, original, error, pass.id, sink);
        return; // findings of a file left untouched would describe edits that never happen
      }
      for (const f of result.findings ?? []) if (select.rule(pass.id, f.rule)) found.push(mapToRound(f, work));
      const wanted = (result.edits ?? []).filter((e) => select.rule(pass.id, e.rule));
      edits.push(...checkEdits(current, wanted, sink, pass.id));
    }
    const spliced = applyEdits(current.text, edits);
    if (spliced.applied.length === 0) break;
    if (timingsEnabled()) recordPhase(`another round needed (${work.kind}; count only)`, 0);
    for (const e of spliced.applied) work.rules[e.rule] = (work.rules[e.rule] ?? 0) + 1;
    work.history.push(spliced.applied);
    current = { ...current, text: spliced.text };
    if (round === MAX_ROUNDS - 1) {
      found.push({ rule: 'engine/no-fixed-point', severity: 'warning', message: `edits still pending after ${MAX_ROUNDS} rounds; run again` });
    }
  }
  const lines = found.length ? new LineIndex(original.text) : undefined;
  for (const f of found) sink.add(toFinding(f, original, lines), f.line === undefined ? f.offset : undefined);
  work.source = current;
}

/** A finding's offset refers to the text of the round that found it: map it back right away. */
function mapToRound(f: FindingInput, work: WorkFile): FindingInput {
  return f.offset === undefined || f.line !== undefined ? f : { ...f, offset: toOriginalOffset(work.history, f.offset) };
}

function applyProjectEdits(byPath: Map<string, WorkFile>, result: { path: string; edits: Edit[] }[], passId: string, sink: FindingSink, select: ReturnType<typeof makeSelector>): void {
  for (const { path: p, edits } of result) {
    const work = byPath.get(p);
    if (!work?.source || work.failed) continue;
    const wanted = checkEdits(work.source, edits.filter((e) => select.rule(passId, e.rule)), sink, passId);
    const spliced = applyEdits(work.source.text, wanted);
    for (const e of spliced.applied) work.rules[e.rule] = (work.rules[e.rule] ?? 0) + 1;
    const deleted = spliced.applied
      .filter((e) => e.end > e.start)
      .map((e) => ({ start: toOriginalOffset(work.history, e.start), end: toOriginalOffset(work.history, e.end) }));
    sink.dropInside(p, deleted);
    if (spliced.applied.length) work.history.push(spliced.applied);
    for (const e of spliced.deferred) {
      sink.add(toFinding({ rule: 'engine/overlap', severity: 'warning', message: `${passId}: an edit (${e.rule}) overlapped another and was not applied; run again`, offset: e.start }, work.source));
    }
    work.source = { ...work.source, text: spliced.text };
  }
}

export async function runEngine(input: EngineInput): Promise<RunResult> {
  const select = makeSelector(input.onlyRules, input.skipRules);
  const filePasses = input.filePasses.filter((p) => select.pass(p));
  const projectPasses = (input.projectPasses ?? []).filter((p) => select.pass(p));
  const wanted = new Set<FileKind>([...filePasses.flatMap((p) => p.kinds), ...projectPasses.flatMap((p) => p.kinds)]);
  const { files, scanned, skipped } = await readWorkFiles(input, wanted);
  const sink = new FindingSink();
  const ctx: PassContext = {
    table: input.table,
    options: input.options ?? {},
    project: makeProjectView(input.root, files),
    ruleSelected: (passId, rule) => select.rule(passId, rule),
  };
  const needed = new Set(files.map((f) => f.kind));
  await timedAsync('pass init', () =>
    Promise.all([
      ...filePasses.filter((p) => p.init && p.kinds.some((k) => needed.has(k))).map((p) => p.init!(ctx)),
      ...projectPasses.filter((p) => p.init).map((p) => p.init!(ctx)),
    ]),
  );

  const passesStart = performance.now();
  for (let i = 0; i < files.length; i++) {
    const work = files[i]!;
    if (work.source) await runFilePasses(work, filePasses, ctx, sink, select);
    input.onProgress?.(i + 1, files.length);
  }
  recordPhase('file passes (all rounds)', performance.now() - passesStart);

  const byPath = new Map(files.map((f) => [f.path, f]));
  const fileOps: FileOp[] = [];
  for (const pass of projectPasses) {
    const view = makeProjectView(input.root, files.filter((f) => !f.failed));
    const result = await timedAsync(`project pass ${pass.id}`, () => runPassWhenReady(() => pass.run(view, { ...ctx, project: view })));
    for (const f of result.findings ?? []) {
      if (!select.rule(pass.id, f.rule)) continue;
      const target = f.path ? byPath.get(f.path) : undefined;
      const read = target ? original(target) : undefined;
      const placed = target ? mapToRound(f, target) : f;
      sink.add(toFinding(placed, { path: f.path ?? '.', text: read?.text }, read?.lines));
    }
    applyProjectEdits(byPath, result.edits ?? [], pass.id, sink, select);
    fileOps.push(...(result.fileOps ?? []).filter((op) => select.rule(pass.id, op.rule)));
  }

  const changes = timed('collect changes (encode + compare)', () => collectChanges(files, fileOps, byPath));
  const findings = sink.all.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.column - b.column));
  const errors = findings.filter((f) => f.rule === 'parse-error' || f.rule === 'internal-error');
  return { root: input.root, changes, findings, errors, stats: { scanned, read: files.length, skipped } };
}

function collectChanges(files: WorkFile[], fileOps: FileOp[], byPath: Map<string, WorkFile>): FileChange[] {
  const changes = new Map<string, FileChange>();
  for (const work of files) {
    if (!work.source || work.failed) continue;
    // same text, same bytes (encoding and BOM never change): most files need no encoding at all
    if (work.source.text === work.initial!.text) continue;
    const after = encode(work.source.text, work.source.encoding, work.source.bom);
    changes.set(work.path, { path: work.path, kind: work.kind, status: 'modified', before: originalBytes(work), after, rules: work.rules, mode: work.mode });
  }
  for (const op of fileOps) {
    const existing = byPath.get(op.path);
    if (op.op === 'delete') {
      if (!existing) continue;
      changes.set(op.path, { path: op.path, kind: existing.kind, status: 'deleted', before: originalBytes(existing), rules: { [op.rule]: 1 }, mode: existing.mode });
    } else {
      const content = typeof op.content === 'string' ? Buffer.from(op.content, 'utf8') : op.content;
      const prior = changes.get(op.path);
      const before = existing ? originalBytes(existing) : undefined;
      if (before?.equals(content)) continue;
      changes.set(op.path, {
        path: op.path,
        kind: existing?.kind ?? prior?.kind ?? 'other',
        status: existing ? 'modified' : 'created',
        before,
        after: content,
        rules: { ...(prior?.rules ?? {}), [op.rule]: 1 },
        mode: existing?.mode ?? 0o644,
      });
    }
  }
  return [...changes.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
}
