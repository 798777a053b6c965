// Which spring.factories keys name a test slice of the repository itself: an annotation (or
// class) declared in its Java or Kotlin sources and annotated @ImportAutoConfiguration with no
// classes of its own. Boot's ImportAutoConfigurationImportSelector loads the classes listed under
// such a type's name; 2.7 reads them from spring.factories and META-INF/spring/<name>.imports,
// 3.0 only from the .imports file. Read from tokens, not a tree: tree-sitter's Kotlin grammar
// does not read `annotation class X` without a body as a declaration.
import type { ProjectView } from '../../src/engine/types.js';
import { matchingBracket, scanJvm, type Token } from '../../src/formats/jvm-tokens.js';
import { buildModel, denotes, type FileModel } from '../sources/model.js';
import { packageName } from '../sources/lib-edits.js';

export const IMPORT_AUTO_CONFIGURATION = 'org.springframework.boot.autoconfigure.ImportAutoConfiguration';

/** A type declared in the repository's sources, as the slice question needs it. */
export interface DeclaredType {
  path: string;
  /** Offset of the declaration's name in its file. */
  offset: number;
  /** Annotated @ImportAutoConfiguration (Boot's) with no classes: its imports come from the key. */
  importsByKey: boolean;
}

const simpleOf = (fq: string) => fq.slice(fq.lastIndexOf('.') + 1);
const DECLARATION = new Set(['class', 'interface', 'object', 'enum']);
// words that may stand between a type's annotations and its declaration keyword
const MODIFIERS = new Set(['public', 'protected', 'private', 'internal', 'abstract', 'final', 'static', 'sealed', 'open', 'annotation', 'data', 'strictfp', 'non', '-', 'expect', 'actual']);

/** A qualified name read from tokens[i] on (`a.b.C`), and the index after it. */
function qualified(tokens: readonly Token[], i: number): [string, number] {
  const parts: string[] = [];
  while (tokens[i]?.type === 'ident') {
    parts.push(tokens[i]!.value);
    if (tokens[i + 1]?.value !== '.' || tokens[i + 2]?.type !== 'ident') return [parts.join('.'), i + 1];
    i += 2;
  }
  return [parts.join('.'), i];
}

interface Annotation {
  name: string;
  /** Has an argument list with something in it (`@ImportAutoConfiguration(X.class)`). */
  withArguments: boolean;
}

interface Declarations {
  /** The sources model of the file: its package and imports (what an annotation's name resolves through). */
  model: FileModel;
  pkg: string;
  types: { name: string; offset: number; annotations: Annotation[] }[];
}

/** The top-level and nested types a source declares, each with the annotations written before it. */
function declarations(text: string, lang: 'java' | 'kotlin'): Declarations {
  const tokens = scanJvm(text, lang);
  const model = buildModel(text, tokens);
  // the package and import declarations are the model's: the walk steps over them
  const declarationEnd = new Map<number, number>(model.imports.map((d) => [d.startToken, d.endToken]));
  for (const c of model.chains) if (model.declChains.has(c.first) && tokens[c.first - 1]?.value === 'package') declarationEnd.set(c.first - 1, c.last);
  const types: Declarations['types'] = [];
  let pending: Annotation[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const end = declarationEnd.get(i);
    if (end !== undefined) {
      pending = [];
      i = end;
      continue;
    }
    if (t.value === '@' && t.type === 'punct') {
      if (tokens[i + 1]?.value === 'interface') {
        const name = tokens[i + 2];
        if (name?.type === 'ident') types.push({ name: name.value, offset: name.start, annotations: pending });
        pending = [];
        i += 2;
        continue;
      }
      const [name, next] = qualified(tokens, i + 1);
      if (!name) continue;
      let withArguments = false;
      let end = next - 1;
      if (tokens[next]?.value === '(') {
        const close = matchingBracket(tokens, next);
        if (close < 0) break;
        withArguments = close > next + 1;
        end = close;
      }
      pending.push({ name, withArguments });
      i = end;
      continue;
    }
    if (t.type === 'ident' && DECLARATION.has(t.value) && tokens[i + 1]?.type === 'ident' && tokens[i - 1]?.value !== '.' && tokens[i - 1]?.value !== '::') {
      types.push({ name: tokens[i + 1]!.value, offset: tokens[i + 1]!.start, annotations: pending });
      pending = [];
      i++;
      continue;
    }
    if (t.type === 'ident' && MODIFIERS.has(t.value)) continue;
    pending = [];
  }
  return { model, pkg: packageName(model) ?? '', types };
}

/**
 * The declaring type of each key that the repository's sources declare at its own name (the
 * file's package plus the simple name: a nested type's key would need `Outer$Inner`). Only files
 * that name the simple name are read.
 */
export function declaredTypes(project: ProjectView, keys: readonly string[]): Map<string, DeclaredType> {
  const out = new Map<string, DeclaredType>();
  const wanted = new Map<string, string[]>();
  for (const k of keys) {
    const simple = simpleOf(k);
    if (!/^[A-Za-z_$][\w$]*$/.test(simple)) continue;
    wanted.set(simple, [...(wanted.get(simple) ?? []), k]);
  }
  if (wanted.size === 0) return out;
  // only a file with a declaration of one of the names is scanned (`@interface X`, `annotation class X`)
  const declares = new RegExp(`\\b(?:class|interface|object)\\s+(?:${[...wanted.keys()].map((s) => s.replace(/\$/g, '\\$')).join('|')})\\b`);
  for (const f of project.ofKind('java', 'kotlin')) {
    const text = f.text ?? '';
    if (!declares.test(text)) continue;
    let decl: ReturnType<typeof declarations>;
    try {
      decl = declarations(text, f.kind === 'kotlin' ? 'kotlin' : 'java');
    } catch {
      continue; // a source that does not scan is the sources pass's to report
    }
    for (const type of decl.types) {
      const fq = decl.pkg ? `${decl.pkg}.${type.name}` : type.name;
      if (!wanted.get(type.name)?.includes(fq) || out.has(fq)) continue;
      out.set(fq, { path: f.path, offset: type.offset, importsByKey: type.annotations.some((a) => !a.withArguments && isImportAutoConfiguration(a.name, decl)) });
    }
  }
  return out;
}

/** `@ImportAutoConfiguration` resolves to Boot's: imported, written in full, from an on-demand import of its package, or its package's own. */
function isImportAutoConfiguration(name: string, decl: Declarations): boolean {
  if (denotes(decl.model, name, IMPORT_AUTO_CONFIGURATION)) return true;
  // a type of Boot's own package sees it unimported
  return name === simpleOf(IMPORT_AUTO_CONFIGURATION) && !decl.model.importedNames.has(name) && decl.pkg === IMPORT_AUTO_CONFIGURATION.slice(0, IMPORT_AUTO_CONFIGURATION.lastIndexOf('.'));
}
