// The project's own Spring Batch writers and write listeners, for batch5/chunk (chunk.ts and
// chunk-kotlin.ts): every class of the project's Java/Kotlin files that extends or implements a
// Batch type whose write methods take a Chunk in Batch 5 (table `libraries.batch.chunk`), directly
// or through other classes of the project, with the Batch types it so inherits from. Read once per
// project from the texts (a declaration's supertypes as written, resolved through the file's imports).
import type { ProjectFile, ProjectView } from '../../../src/engine/types.js';
import type { BatchChunkRows } from '../../../src/table/sections/libraries.js';

/** Simple class name -> the Batch types (qualified) it extends or implements. */
export type ProjectWriters = Map<string, Set<string>>;

const cache = new WeakMap<object, ProjectWriters>();

/** Every Batch type of the rows (writers and listener types). */
export function batchTypes(rows: BatchChunkRows): string[] {
  return [...new Set([...rows.writers, ...rows.methods.flatMap((m) => m.types)])];
}

const simpleOf = (fq: string) => fq.slice(fq.lastIndexOf('.') + 1);

/** Files that may declare or extend a writer: the only ones read for the project's own writers. */
const mayDeclareWriter = (f: ProjectFile) => (f.kind === 'java' || f.kind === 'kotlin') && f.text !== undefined && /Writer|WriteListener|ListenerSupport/.test(f.text);

// `class Name<..> extends A<..> implements B, C {` (Java) / `class Name(..) : A<..>(), B {` (Kotlin)
const JAVA_DECL = /\b(?:class|interface|enum)\s+([A-Z]\w*)\s*(?:<(?:[^<>{]|<(?:[^<>{]|<[^<>{]*>)*>)*>)?\s*((?:extends|implements)[^{;]*)\{/g;
const KOTLIN_DECL = /\b(?:class|object|interface)\s+([A-Z]\w*)\s*(?:<(?:[^<>{]|<[^<>{]*>)*>)?\s*(?:(?:private|internal|protected|public)?\s*(?:constructor)?\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?\s*:\s*([^{=\n]*(?:\n\s*[,][^{=\n]*)*)/g;

/** The supertypes of a declaration clause, as written without type arguments. */
function supertypeNames(clause: string): string[] {
  let depth = 0;
  let flat = '';
  for (const ch of clause) {
    if (ch === '<' || ch === '(') depth++;
    else if (ch === '>' || ch === ')') depth--;
    else if (depth === 0) flat += ch;
  }
  return flat
    .replace(/\b(extends|implements)\b/g, ',')
    .split(',')
    .map((s) => s.trim().split(/\s+/)[0] ?? '')
    .filter((s) => /^[\w.]+$/.test(s));
}

/** The qualified Batch type a supertype as written in this file names, if any. */
function batchTypeOf(text: string, written: string, types: readonly string[]): string | undefined {
  if (types.includes(written)) return written;
  const simple = written.includes('.') ? undefined : written;
  if (!simple) return undefined;
  return types.find((fq) => simpleOf(fq) === simple && (text.includes(`import ${fq}`) || text.includes(`import ${fq.slice(0, fq.lastIndexOf('.'))}.*`)));
}

export function projectWriters(project: ProjectView, rows: BatchChunkRows): ProjectWriters {
  let hit = cache.get(project);
  if (hit) return hit;
  const types = batchTypes(rows);
  const direct = new Map<string, Set<string>>();
  const edges = new Map<string, Set<string>>();
  for (const f of project.ofKind('java', 'kotlin')) {
    if (!mayDeclareWriter(f)) continue;
    const text = f.text!;
    for (const m of text.matchAll(f.kind === 'java' ? JAVA_DECL : KOTLIN_DECL)) {
      const name = m[1]!;
      for (const s of supertypeNames(m[2] ?? '')) {
        const b = batchTypeOf(text, s, types);
        if (b) direct.set(name, (direct.get(name) ?? new Set()).add(b));
        else edges.set(name, (edges.get(name) ?? new Set()).add(s.slice(s.lastIndexOf('.') + 1)));
      }
    }
  }
  // through the project's own classes, to a fixed point
  hit = new Map([...direct].map(([k, v]) => [k, new Set(v)]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, supers] of edges) {
      for (const s of supers) {
        const inherited = hit.get(s);
        if (!inherited) continue;
        const own: Set<string> = hit.get(name) ?? new Set<string>();
        for (const t of inherited) if (!own.has(t)) (own.add(t), (changed = true));
        hit.set(name, own);
      }
    }
  }
  cache.set(project, hit);
  return hit;
}
