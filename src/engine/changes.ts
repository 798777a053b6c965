// From the files as the passes left them to the ChangeSet: what is modified, created or
// deleted, with its bytes before and after. The bytes are made when a sink first reads them
// (the write reads each change once, the diff several times): made here for every change, they
// stood beside the texts they come from, one more copy of every changed file (40 MB of the
// peak at 50,000 files) at the moment the run held the most.
import { breaksFile, verifies } from './verify.js';
import { decode, encode } from './text.js';
import type { Edit, FileChange, FileKind, FileOp, Finding, SourceFile } from './types.js';
import type { EncodedText } from './scratch.js';

/** A file the run read, and what the passes made of it. */
export interface WorkFile {
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

/** The file's bytes as read (re-encoded from the decoded text for text files: exact). */
function originalBytes(work: WorkFile): Buffer {
  return work.bytes ?? encode(work.initial!.text, work.initial!.encoding, work.initial!.bom);
}

/**
 * `change[key]` is made by `make` when first read, and from then on is a plain property holding
 * it (reading it again costs nothing, and `make`, with the text it holds, is let go).
 */
function lazily(change: FileChange, key: 'before' | 'after', make: () => Buffer): void {
  Object.defineProperty(change, key, {
    enumerable: true,
    configurable: true,
    get() {
      const bytes = make();
      Object.defineProperty(change, key, { value: bytes, enumerable: true, writable: true, configurable: true });
      return bytes;
    },
    set(bytes: Buffer) {
      Object.defineProperty(change, key, { value: bytes, enumerable: true, writable: true, configurable: true });
    },
  });
}

const madeFrom = new WeakMap<FileChange, { before: EncodedText; after: EncodedText }>();

/**
 * The text a change's `before` or `after` bytes will be made from, while they are not made yet:
 * the write encodes it into a buffer of its own (scratch.ts) instead of keeping a Buffer per
 * file. Undefined once the bytes were read (they exist: use them) or replaced, and for changes
 * not made from a text (created, deleted, binary files, a copy).
 */
export function unmadeText(change: FileChange, key: 'before' | 'after'): EncodedText | undefined {
  const texts = madeFrom.get(change);
  return texts && Object.getOwnPropertyDescriptor(change, key)?.get ? texts[key] : undefined;
}

/** A change of a text file the passes rewrote: its bytes before and after are made on first read. */
function modified(work: WorkFile): FileChange {
  const { initial, source } = { initial: work.initial!, source: work.source! };
  const change: FileChange = { path: work.path, kind: work.kind, status: 'modified', rules: work.rules, mode: work.mode };
  madeFrom.set(change, { before: initial, after: source });
  lazily(change, 'before', () => encode(initial.text, initial.encoding, initial.bom));
  lazily(change, 'after', () => encode(source.text, source.encoding, source.bom));
  return change;
}

export function collectChanges(files: WorkFile[], fileOps: FileOp[], byPath: Map<string, WorkFile>): FileChange[] {
  const changes = new Map<string, FileChange>();
  for (const work of files) {
    if (!work.source || work.failed) continue;
    // same text, same bytes (encoding and BOM never change): most files need no encoding at all
    if (work.source.text === work.initial!.text) continue;
    changes.set(work.path, modified(work));
  }
  for (const op of fileOps) {
    const existing = byPath.get(op.path);
    if (op.op === 'delete') {
      if (!existing) continue;
      const change: FileChange = { path: op.path, kind: existing.kind, status: 'deleted', rules: { [op.rule]: 1 }, mode: existing.mode };
      lazily(change, 'before', () => originalBytes(existing));
      changes.set(op.path, change);
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

/** A rewrite that would leave a YAML, XML or .properties file unparseable is refused, never written. */
export function refusedBroken(change: FileChange, byPath: Map<string, WorkFile>, sink: { add(f: Finding): void }): boolean {
  const work = byPath.get(change.path);
  // the kind first: reading `after` makes the bytes of a change no check reads
  if (change.status !== 'modified' || !work?.source || !verifies(work.kind)) return false;
  // the text the bytes will be made from, when they are not made yet (no Buffer, no decoding)
  const after = unmadeText(change, 'after')?.text ?? (change.after ? decode(change.after, work.kind).text : undefined);
  if (after === undefined) return false;
  const before = work.initial!.text;
  const problem = breaksFile(work.kind, before, after);
  if (problem === undefined) return false;
  const rules = Object.keys(change.rules).join(', ');
  sink.add({ rule: 'engine/breaks-file', severity: 'error', path: change.path, line: 1, column: 1, message: `${rules}: ${problem}; the file was left unchanged` });
  return true;
}
