// One file through the file passes, round after round, to a fixed point: the part of the engine
// that depends on nothing but the file, the passes and the table.
import { appendAll, applyEdits, validateEdit } from './edits.js';
import { fitsEncoding, LineIndex } from './text.js';
import { recordPhase, timed, timingsEnabled } from './timing.js';
import type { Edit, FilePass, Finding, FindingInput, PassContext, SourceFile } from './types.js';
import { NotReady, ParseError } from './types.js';

export const MAX_ROUNDS = 8;

/** Where findings go: the run's sink, or a file's own record. */
export interface FindingCollector {
  /** `originalOffset`: where a file-pass finding stands in its file as read (see FindingSink). */
  add(f: Finding, originalOffset?: number): void;
}

/** What the file passes made of one file. */
export interface FileOutcome {
  /** The text after the last round (the text as read when the file failed). */
  text: string;
  rules: Record<string, number>;
  failed: boolean;
  /** Edits applied, round by round (each in the coordinates of the text before its round). */
  history: Edit[][];
  /** Findings in the order found, each with its offset in the file as read. */
  findings: [Finding, number | undefined][];
}

export type Selector = ReturnType<typeof makeSelector>;

/**
 * Maps an offset in the current text back to the file as it was read: findings point at the
 * file the user has on disk (report, check, dry-run), whatever round found them. An offset
 * inside inserted text maps to the start of that edit.
 */
export function toOriginalOffset(history: readonly Edit[][], offset: number): number {
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
export function makeSelector(only?: string[], skip?: string[]) {
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

export function toFinding(input: FindingInput, file: { path: string; text?: string }, lines?: LineIndex): Finding {
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

/** Rejects an edit that is out of range or cannot be encoded in the file's encoding. */
export function checkEdits(file: SourceFile, edits: Edit[], sink: FindingCollector, passId: string): Edit[] {
  return edits.filter((edit) => {
    const problem = validateEdit(edit, file.text.length) ?? (fitsEncoding(edit.text, file.encoding) ? undefined : 'text not representable in ISO-8859-1');
    if (problem) {
      sink.add(toFinding({ rule: 'engine/bad-edit', severity: 'error', message: `${passId} produced an edit that was refused: ${problem}` }, file));
    }
    return !problem;
  });
}

/** A JVM source under `src/<set>/resources/` (configuration files there are the application's own). */
const RESOURCES = /(^|\/)src\/[^/]+\/resources\/(.*\/)?[^/]+\.(java|kt|groovy)$/;

function failFile(out: FileOutcome, original: SourceFile, error: unknown, passId: string, sink: FindingCollector): void {
  out.failed = true;
  out.text = original.text;
  out.rules = {};
  if (error instanceof ParseError) {
    // a Java/Kotlin source under a resources folder (an archetype's templates) is data the build copies, not compiles
    const data = RESOURCES.test(original.path);
    sink.add(toFinding({ rule: 'parse-error', severity: data ? 'warning' : 'error', message: `cannot parse: ${error.message}; left unchanged${data ? ' (it lies in a resources folder: data the build copies, not code it compiles)' : ''}`, offset: error.offset }, original));
  } else {
    const reason = error instanceof Error ? error.message : String(error);
    sink.add(toFinding({ rule: 'internal-error', severity: 'error', message: `${passId} failed: ${reason}; left unchanged` }, original));
  }
}
/** Runs a pass; when it reports NotReady (a parser loaded on first use), waits and runs it again. */
export async function runPassWhenReady<T>(run: () => T | Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof NotReady)) throw error;
      await error.ready;
    }
  }
}

/** A finding's offset refers to the text of the round that found it: map it back right away. */
export function mapToRound(f: FindingInput, history: readonly Edit[][]): FindingInput {
  return f.offset === undefined || f.line !== undefined ? f : { ...f, offset: toOriginalOffset(history, f.offset) };
}

/** A pass waits for a parser loaded on first use: the file is run again, whole, once it is there. */
interface Waiting {
  ready: Promise<void>;
  passId: string;
}

/**
 * Runs the file passes on one file until they have nothing more to change (bounded). Findings
 * are recorded in the order they are found and handed to the run's sink by the caller, in file
 * order, so the result is the same whichever thread ran the file.
 * Synchronous unless a pass needs a parser that is still loading
 * (only the first file that needs it): then a promise. A promise and an await for each of 10,000
 * files were a tenth of the engine's own time in the file passes.
 */
export function runFilePasses(original: SourceFile, passes: readonly FilePass[], ctx: PassContext, select: Selector): FileOutcome | Promise<FileOutcome> {
  const outcome = runFilePassesNow(original, passes, ctx, select);
  if (!('ready' in outcome)) return outcome;
  // the passes are pure functions of the file: running it again from the start once the parser
  // is there gives what waiting in the middle of the pass gave
  return outcome.ready.then(
    () => runFilePasses(original, passes, ctx, select),
    (error: unknown) => failedOutcome(original, error, outcome.passId),
  );
}

function failedOutcome(original: SourceFile, error: unknown, passId: string): FileOutcome {
  const out: FileOutcome = { text: original.text, rules: {}, failed: false, history: [], findings: [] };
  failFile(out, original, error, passId, { add: (f, offset) => void out.findings.push([f, offset]) });
  return out;
}

function prefilterSays(pass: FilePass, text: string, ctx: PassContext): boolean {
  if (!pass.prefilter) return true;
  return timingsEnabled() ? timed('prefilters', () => pass.prefilter!(text, ctx)) : pass.prefilter(text, ctx);
}

function runFilePassesNow(original: SourceFile, passes: readonly FilePass[], ctx: PassContext, select: Selector): FileOutcome | Waiting {
  const out: FileOutcome = { text: original.text, rules: {}, failed: false, history: [], findings: [] };
  const sink: FindingCollector = { add: (f, offset) => void out.findings.push([f, offset]) };
  let current = original;
  const found: FindingInput[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const edits: Edit[] = [];
    let settled = true; // every pass of the kind claims the fixed point (FilePass.settles, PassResult.settled)
    for (const pass of passes) {
      if (!pass.kinds.includes(current.kind)) continue;
      if (!prefilterSays(pass, current.text, ctx)) {
        if (!pass.settles) settled = false; // its needles may be in the text this round leaves
        continue;
      }
      let result;
      try {
        result = timingsEnabled() ? timed(`file pass ${pass.id}`, () => pass.run(current, ctx)) : pass.run(current, ctx);
      } catch (error) {
        if (error instanceof NotReady) return { ready: error.ready, passId: pass.id };
        failFile(out, original, error, pass.id, sink);
        return out; // findings of a file left untouched would describe edits that never happen
      }
      if (!pass.settles && !result.settled) settled = false;
      for (const f of result.findings ?? []) if (select.rule(pass.id, f.rule)) found.push(mapToRound(f, out.history));
      const wanted = (result.edits ?? []).filter((e) => select.rule(pass.id, e.rule));
      appendAll(edits, checkEdits(current, wanted, sink, pass.id));
    }
    if (edits.length === 0) break; // nothing to splice: this round changed nothing
    const spliced = applyEdits(current.text, edits);
    if (spliced.applied.length === 0) break;
    for (const e of spliced.applied) out.rules[e.rule] = (out.rules[e.rule] ?? 0) + 1;
    out.history.push(spliced.applied);
    current = { ...current, text: spliced.text };
    // a second round would only confirm what the passes declare (15 % of Java runs on the
    // bench, every changed configuration file); deferred overlapping edits still need one
    if (settled && spliced.deferred.length === 0) break;
    if (timingsEnabled()) recordPhase(`another round needed (${current.kind}; count only)`, 0);
    if (round === MAX_ROUNDS - 1) {
      found.push({ rule: 'engine/no-fixed-point', severity: 'error', message: `edits still pending after ${MAX_ROUNDS} rounds; run again` });
    }
  }
  const lines = found.length ? new LineIndex(original.text) : undefined;
  for (const f of found) sink.add(toFinding(f, original, lines), f.line === undefined ? f.offset : undefined);
  out.text = current.text;
  return out;
}
