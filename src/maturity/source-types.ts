// The project's own types, indexed by simple name: what a handler returns, what a request body
// holds and which repository interfaces exist are read from them.
import { parseDeclarations, type TypeDecl } from '../routes/declarations.js';
import type { InputFile } from '../routes/index.js';

export interface TypeInfo {
  decl: TypeDecl;
  file: InputFile;
  /** The type's file text. */
  text: string;
  /** Where the type's declaration ends: the next declaration that is not nested in it, or the file end. */
  end: number;
}

export function typeIndex(files: InputFile[]): Map<string, TypeInfo> {
  const out = new Map<string, TypeInfo>();
  for (const f of files) {
    if (f.kind !== 'java' && f.kind !== 'kotlin') continue;
    if (!/\b(class|record|interface)\b/.test(f.text)) continue;
    const decls = parseDeclarations(f.text, f.kind === 'kotlin').types;
    for (const decl of decls) {
      const within = (t: TypeDecl): boolean => t.outer === decl || (t.outer !== undefined && within(t.outer));
      const end = decls.find((t) => t.offset > decl.offset && !within(t))?.offset ?? f.text.length;
      if (!out.has(decl.name)) out.set(decl.name, { decl, file: f, text: f.text, end });
    }
  }
  return out;
}

export const identifiers = (text: string) => text.match(/[A-Za-z_]\w*/g) ?? [];

/** The text from a type's name to the end of its declaration: its fields and nested types. */
export function typeBody(info: TypeInfo): string {
  return info.text.slice(info.decl.offset, info.end);
}
