// A unified diff that `git apply` accepts from the repository root: text hunks (3 lines of
// context), created and deleted files, and binary files as `GIT binary patch` literals.
// Lines are compared as raw text, so CRLF, BOM and ISO-8859-1 bytes go out exactly as they are.
import { lazyModule } from './lazy.js';
import { looksBinary } from './text.js';
import type { FileChange } from './types.js';

const diffLib = lazyModule<typeof import('diff')>('diff');
// blob ids and binary patches only: a run that prints no diff (check, a write) never loads them
const crypto = lazyModule<typeof import('node:crypto')>('node:crypto');
const zlib = lazyModule<typeof import('node:zlib')>('node:zlib');
const CONTEXT = 3;
const DIFF_TIMEOUT_MS = 2000;
const ZERO_SHA = '0'.repeat(40);

/** Splits bytes into lines that keep their '\n'; latin1 keeps every byte as one char. */
function splitLines(bytes: Buffer | undefined): string[] {
  if (!bytes || bytes.length === 0) return [];
  const text = bytes.toString('latin1');
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      lines.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

interface Region {
  oldStart: number;
  oldEnd: number;
  newStart: number;
  newEnd: number;
}

/** Changed regions between two line arrays: common ends trimmed, Myers on the middle (bounded). */
function changedRegions(a: string[], b: string[]): Region[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const midA = a.slice(pre, a.length - suf);
  const midB = b.slice(pre, b.length - suf);
  if (midA.length === 0 && midB.length === 0) return [];
  // Most edits keep the line count (a key renamed in place): then lines pair up one to one and
  // the changed lines are found in linear time, with no search at all.
  if (midA.length === midB.length) return pairedRegions(midA, midB, pre);
  const parts = midA.length && midB.length ? diffLib().diffArrays(midA, midB, { timeout: DIFF_TIMEOUT_MS }) : undefined;
  if (!parts) return [{ oldStart: pre, oldEnd: pre + midA.length, newStart: pre, newEnd: pre + midB.length }];
  const regions: Region[] = [];
  let i = pre;
  let j = pre;
  let open: Region | undefined;
  for (const part of parts) {
    const n = part.value.length;
    if (!part.added && !part.removed) {
      if (open) regions.push(open);
      open = undefined;
      i += n;
      j += n;
      continue;
    }
    open ??= { oldStart: i, oldEnd: i, newStart: j, newEnd: j };
    if (part.removed) open.oldEnd = i += n;
    else open.newEnd = j += n;
  }
  if (open) regions.push(open);
  return regions;
}

function pairedRegions(a: string[], b: string[], offset: number): Region[] {
  const regions: Region[] = [];
  let open: Region | undefined;
  for (let k = 0; k < a.length; k++) {
    if (a[k] === b[k]) {
      if (open) regions.push(open);
      open = undefined;
    } else if (open) {
      open.oldEnd = open.newEnd = offset + k + 1;
    } else {
      open = { oldStart: offset + k, oldEnd: offset + k + 1, newStart: offset + k, newEnd: offset + k + 1 };
    }
  }
  if (open) regions.push(open);
  return regions;
}

function range(start: number, count: number): string {
  // A hunk that adds to an empty file or removes everything starts at 0.
  const first = count === 0 ? start : start + 1;
  return count === 1 ? `${first}` : `${first},${count}`;
}

function pushLine(out: string[], mark: string, line: string): void {
  out.push(mark + line);
  if (!line.endsWith('\n')) out.push('\n\\ No newline at end of file\n');
}

function textHunks(a: string[], b: string[]): string[] {
  const regions = changedRegions(a, b);
  const out: string[] = [];
  let r = 0;
  while (r < regions.length) {
    // Group regions whose context would touch, as diff -u does.
    let last = r;
    while (last + 1 < regions.length && regions[last + 1]!.oldStart - regions[last]!.oldEnd <= 2 * CONTEXT) last++;
    const first = regions[r]!;
    const end = regions[last]!;
    const oldFrom = Math.max(0, first.oldStart - CONTEXT);
    const oldTo = Math.min(a.length, end.oldEnd + CONTEXT);
    const newFrom = first.newStart - (first.oldStart - oldFrom);
    const newTo = end.newEnd + (oldTo - end.oldEnd);
    out.push(`@@ -${range(oldFrom, oldTo - oldFrom)} +${range(newFrom, newTo - newFrom)} @@\n`);
    let i = oldFrom;
    for (let k = r; k <= last; k++) {
      const reg = regions[k]!;
      for (; i < reg.oldStart; i++) pushLine(out, ' ', a[i]!);
      for (let x = reg.oldStart; x < reg.oldEnd; x++) pushLine(out, '-', a[x]!);
      for (let y = reg.newStart; y < reg.newEnd; y++) pushLine(out, '+', b[y]!);
      i = reg.oldEnd;
    }
    for (; i < oldTo; i++) pushLine(out, ' ', a[i]!);
    r = last + 1;
  }
  return out;
}

/** git's path quoting: names with unusual bytes are C-quoted. */
export function quotePath(p: string): string {
  if (!/[\x00-\x1f"\\\x7f-\uffff]/.test(p) && !p.includes(' ')) return p;
  if (!/[\x00-\x1f"\\\x7f-\uffff]/.test(p)) return p; // spaces alone are fine unquoted in git headers
  const bytes = Buffer.from(p, 'utf8');
  let out = '"';
  for (const byte of bytes) {
    if (byte === 0x22) out += '\\"';
    else if (byte === 0x5c) out += '\\\\';
    else if (byte === 0x0a) out += '\\n';
    else if (byte === 0x09) out += '\\t';
    else if (byte < 0x20 || byte >= 0x7f) out += '\\' + byte.toString(8).padStart(3, '0');
    else out += String.fromCharCode(byte);
  }
  return out + '"';
}

function blobSha(bytes: Buffer | undefined): string {
  if (!bytes) return ZERO_SHA;
  return crypto().createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

const B85 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~';

/** One `literal` block of a git binary patch: deflated, base85, 52 bytes per line. */
function binaryLiteral(bytes: Buffer): string {
  const z = zlib().deflateSync(bytes);
  let out = `literal ${bytes.length}\n`;
  for (let off = 0; off < z.length; off += 52) {
    const chunk = z.subarray(off, off + 52);
    const n = chunk.length;
    out += n <= 26 ? String.fromCharCode(64 + n) : String.fromCharCode(96 + n - 26);
    for (let i = 0; i < n; i += 4) {
      let acc = 0;
      for (let k = 0; k < 4; k++) acc = acc * 256 + (chunk[i + k] ?? 0);
      let group = '';
      for (let k = 0; k < 5; k++) {
        group = B85[acc % 85] + group;
        acc = Math.floor(acc / 85);
      }
      out += group;
    }
    out += '\n';
  }
  return out + '\n';
}

/** The diff of one change, as latin1 text (one char per byte). `prefix` is the root's path below the top level. */
function fileDiff(change: FileChange, prefix: string): string {
  const p = prefix + change.path;
  const a = change.status === 'created' ? '/dev/null' : quotePath(`a/${p}`);
  const b = change.status === 'deleted' ? '/dev/null' : quotePath(`b/${p}`);
  const mode = (change.mode ?? 0o644) & 0o111 ? '100755' : '100644';
  const header: string[] = [`diff --git ${quotePath(`a/${p}`)} ${quotePath(`b/${p}`)}\n`];
  if (change.status === 'created') header.push(`new file mode ${mode}\n`);
  if (change.status === 'deleted') header.push(`deleted file mode ${mode}\n`);
  const binary = (change.before && looksBinary(change.before)) || (change.after && looksBinary(change.after));
  if (binary) {
    const shaA = change.status === 'created' ? ZERO_SHA : blobSha(change.before);
    const shaB = change.status === 'deleted' ? ZERO_SHA : blobSha(change.after);
    header.push(`index ${shaA}..${shaB}${change.status === 'modified' ? ' ' + mode : ''}\n`, 'GIT binary patch\n');
    return header.join('') + binaryLiteral(change.after ?? Buffer.alloc(0)) + binaryLiteral(change.before ?? Buffer.alloc(0));
  }
  const hunks = textHunks(splitLines(change.before), splitLines(change.after));
  if (hunks.length === 0) return header.join('');
  return header.join('') + `--- ${a}\n+++ ${b}\n` + hunks.join('');
}

/** The whole patch as bytes (files keep their own encoding inside it). */
export function unifiedDiff(changes: readonly FileChange[], prefix = ''): Buffer {
  const normalized = prefix && !prefix.endsWith('/') ? prefix + '/' : prefix;
  // latin1 strings carry raw bytes; path headers are UTF-8, so encode them apart.
  const parts = changes.map((c) => {
    const text = fileDiff(c, normalized);
    return Buffer.from(text, 'latin1');
  });
  return Buffer.concat(parts);
}
