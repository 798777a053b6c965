// What the sources passes know about one file, built once from its tokens: import
// declarations, qualified-name chains (`a.b.C.d`), and the table indexes they are checked
// against (built once per table with tableIndex).
import { escapeRegExp } from '../../src/engine/text.js';
import { tableIndex } from '../../src/table/load.js';
import type { MigrationTable } from '../../src/table/types.js';
import type { PackageMove, SourcesSection, TypeRename, ApiFollowUp, PackageRename } from '../../src/table/sections/sources.js';
import type { Token } from '../../src/formats/jvm-tokens.js';

export const RULE = {
  jakarta: 'sources/jakarta',
  jakartaWildcard: 'sources/jakarta-annotation-wildcard',
  jakartaMixed: 'sources/jakarta-mixed',
  typeRename: 'sources/type-rename',
  typeRenameWildcard: 'sources/type-rename-wildcard',
  classToInterface: 'sources/class-to-interface',
  annotationAttributes: 'sources/annotation-attributes',
  typeShape: 'sources/type-shape',
  packageRename: 'sources/package-rename',
  constructorBinding: 'sources/constructor-binding',
  enableBatchProcessing: 'sources/enable-batch-processing',
  propertyKey: 'sources/property-key',
  followUp: 'sources/removed-api',
  serviceLoader: 'sources/service-loader',
  jpaXml: 'sources/jpa-xml',
  jakartaXml: 'sources/jakarta-xml',
  jakartaString: 'sources/jakarta-string',
  validationMessages: 'sources/validation-messages',
} as const;

/** A maximal `ident(.ident)*` sequence; `tokens` are its identifiers. */
export interface Chain {
  tokens: Token[];
  /** Index of the first identifier in the file's token list. */
  first: number;
  /** Index of the last identifier. */
  last: number;
  /** Preceded by '.', i.e. a member access on an expression, not a name on its own. */
  afterDot: boolean;
  /** Followed by `.*`. */
  wildcard: boolean;
}

export interface ImportDecl {
  chain: Chain;
  isStatic: boolean;
  /** Token index of `import` and of the last token of the declaration (`;`, `*`, alias). */
  startToken: number;
  endToken: number;
  alias?: string;
}

export interface FileModel {
  text: string;
  tokens: Token[];
  chains: Chain[];
  imports: ImportDecl[];
  /** Chains that are the name of an import or package declaration (by first token index). */
  declChains: Set<number>;
  /** Simple name -> fully qualified name, from single-type (and static member) imports. */
  importedNames: Map<string, string>;
}

const segs = (c: Chain) => c.tokens.map((t) => t.value);
export const chainText = (c: Chain) => segs(c).join('.');

export function buildModel(text: string, tokens: Token[]): FileModel {
  const chains = collectChains(tokens);
  const imports: ImportDecl[] = [];
  const declChains = new Set<number>();
  for (let ci = 0; ci < chains.length; ci++) {
    const c = chains[ci]!;
    const head = c.tokens[0]!;
    if (c.tokens.length !== 1 || (head.value !== 'import' && head.value !== 'package')) continue;
    let k = c.first + 1;
    const isStatic = tokens[k]?.value === 'static';
    if (isStatic) k++;
    // the declared name is the next chain, or the one after `static` (itself a one-word chain)
    const name = chains[ci + 1]?.first === k ? chains[ci + 1] : chains[ci + 2]?.first === k ? chains[ci + 2] : undefined;
    if (!name) continue;
    declChains.add(name.first);
    if (head.value === 'package') continue;
    let end = name.wildcard ? name.last + 2 : name.last;
    let alias: string | undefined;
    if (tokens[end + 1]?.value === 'as' && tokens[end + 2]?.type === 'ident') {
      alias = tokens[end + 2]!.value;
      end += 2;
    }
    if (tokens[end + 1]?.value === ';') end++;
    imports.push({ chain: name, isStatic, startToken: c.first, endToken: end, ...(alias ? { alias } : {}) });
  }
  const importedNames = new Map<string, string>();
  for (const imp of imports) {
    if (imp.chain.wildcard) continue;
    const fq = chainText(imp.chain);
    importedNames.set(imp.alias ?? imp.chain.tokens[imp.chain.tokens.length - 1]!.value, fq);
  }
  return { text, tokens, chains, imports, declChains, importedNames };
}

/** Made by `new`, like the scanner's tokens, so that V8 never moves them to the old generation while they are young garbage (src/formats/jvm-tokens.ts). */
class ChainRun implements Chain {
  constructor(
    readonly tokens: Token[],
    readonly first: number,
    readonly last: number,
    readonly afterDot: boolean,
    readonly wildcard: boolean,
  ) {}
}

const isDot = (t: Token | undefined) => t !== undefined && t.type === 'punct' && t.value === '.';

/** Every maximal `ident(.ident)*` run of the token list, in order: one walk, each token looked at once. */
function collectChains(tokens: Token[]): Chain[] {
  const chains: Chain[] = [];
  const n = tokens.length;
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    if (t.type !== 'ident') continue;
    const afterDot = i > 0 && isDot(tokens[i - 1]);
    const idents = Array.of(t); // not a literal: no allocation site (see ChainRun)
    let j = i;
    while (j + 2 < n && isDot(tokens[j + 1]) && tokens[j + 2]!.type === 'ident') {
      j += 2;
      idents.push(tokens[j]!);
    }
    const wildcard = j + 2 < n && isDot(tokens[j + 1]) && tokens[j + 2]!.value === '*';
    chains.push(new ChainRun(idents, i, j, afterDot, wildcard));
    i = j;
  }
  return chains;
}

const simpleName = (fq: string) => fq.slice(fq.lastIndexOf('.') + 1);

const namesCache = new WeakMap<FileModel, ReadonlySet<string>>();
/**
 * The identifiers of the file that are words of the index's vocabulary (the simple names and
 * member names follow-ups and shaped renames ask about), built once per model. Looking each
 * token up in the fixed vocabulary costs a third of collecting every identifier of the file,
 * and most files hold none of these words. Ask only about vocabulary words.
 */
export function vocabularyUsed(idx: CodeIndex, model: FileModel): ReadonlySet<string> {
  let names = namesCache.get(model);
  if (!names) {
    const set = new Set<string>();
    const { vocabulary } = idx;
    for (const t of model.tokens) if (t.type === 'ident' && vocabulary.has(t.value)) set.add(t.value);
    namesCache.set(model, (names = set));
  }
  return names;
}

/** Does `name` as written (simple or qualified) denote `fq` in this file? */
export function denotes(model: FileModel, name: string, fq: string): boolean {
  const n = name.replace(/\s+/g, '');
  if (n === fq) return true;
  const imported = model.importedNames.get(n); // the simple name or a Kotlin `import ... as Alias`
  if (imported) return imported === fq;
  if (n !== simpleName(fq)) return false;
  return model.imports.some((i) => i.chain.wildcard && !i.isStatic && chainText(i.chain) === fq.slice(0, fq.lastIndexOf('.')));
}

// ---- table indexes -------------------------------------------------------------------------

export type JakartaFate =
  | { kind: 'move'; row: PackageMove; newPackage: string }
  | { kind: 'stay' }
  | { kind: 'split'; row: PackageMove }; // on-demand import of a class-level package

export interface CodeIndex {
  code: SourcesSection;
  fate(pkg: string, cls: string | undefined): JakartaFate;
  types: Map<string, TypeRename>;
  /** Type and annotation renames whose shape is not `same` (transforms/sources/shapes.ts). */
  shaped: TypeRename[];
  /** Package -> simple names of its classes that a rename row concerns (the type, or a constant of it). */
  renamedByPackage: Map<string, Set<string>>;
  packageRenames: PackageRename[];
  /** Follow-up rows by the simple name of their type. */
  followUps: Map<string, ApiFollowUp[]>;
  /** Simple names of follow-up and shaped types and names of follow-up members: what vocabularyUsed collects. */
  vocabulary: ReadonlySet<string>;
  /** jakarta package prefix -> spec (for mixed javax/jakarta detection). */
  specOfJakarta(pkg: string): string | undefined;
  /** Substrings of which at least one must occur for the Java/Kotlin pass to have work (with the library modules' needles). */
  needleWords: readonly string[];
  /** Substrings of which one must occur for an XML descriptor to have work (javax, old namespaces). */
  xmlNeedles: RegExp;
}

export function codeIndex(table: MigrationTable): CodeIndex {
  return tableIndex(table, 'sources/code', build);
}

function build(table: MigrationTable): CodeIndex {
  const code = table.code;
  if (!code) throw new Error('the migration table has no `code` section');
  const { moves, stays } = code.packages;
  const memo = new Map<string, JakartaFate>();
  const fate = (pkg: string, cls: string | undefined): JakartaFate => {
    const key = `${pkg}|${cls ?? '*'}`;
    let hit = memo.get(key);
    if (!hit) memo.set(key, (hit = decideFate(moves, stays, pkg, cls)));
    return hit;
  };
  const types = new Map(code.types.map((t) => [t.from, t]));
  const renamedByPackage = new Map<string, Set<string>>();
  for (const t of code.types) {
    const parts = t.from.split('.');
    const { pkgParts, cls } = splitQualified(parts);
    if (!cls || pkgParts === 0) continue;
    const pkg = parts.slice(0, pkgParts).join('.');
    renamedByPackage.set(pkg, (renamedByPackage.get(pkg) ?? new Set()).add(cls));
  }
  const followUps = new Map<string, ApiFollowUp[]>();
  for (const f of code.followUps) {
    const simple = f.type.slice(f.type.lastIndexOf('.') + 1);
    followUps.set(simple, [...(followUps.get(simple) ?? []), f]);
  }
  const jakartaSpecs = moves.map((m) => ({ to: m.to, spec: m.spec })).sort((a, b) => b.to.length - a.to.length);
  const specOfJakarta = (pkg: string) => jakartaSpecs.find((m) => pkg === m.to || pkg.startsWith(m.to + '.'))?.spec;
  const lost = (code.lostSupertypes ?? []).map((r) => r.type);
  const simpleNames = [...types.keys(), ...code.followUps.map((f) => f.type), code.constructorBinding.from, ...code.annotationRemovals.map((r) => r.fqcn), ...lost].map((f) =>
    f.slice(f.lastIndexOf('.') + 1),
  );
  const words = new Set(['javax', ...simpleNames, ...code.packageRenames.map((p) => p.from), ...PROPERTY_NEEDLES]);
  for (const f of code.followUps) for (const m of f.members ?? []) words.add(m.name);
  const needleWords = [...words];
  const shaped = code.types.filter((t) => t.shape !== 'same');
  const vocabulary = new Set([...followUps.keys(), ...shaped.map((t) => simpleName(t.from))]);
  for (const f of code.followUps) for (const m of f.members ?? []) vocabulary.add(m.name);
  return { code, fate, types, shaped, renamedByPackage, packageRenames: code.packageRenames, followUps, vocabulary, specOfJakarta, needleWords, xmlNeedles: xmlNeedles(code) };
}

/** `javax`, every old namespace the data names, and the tail (`validation/configuration`) of every Jakarta one. */
function xmlNeedles(code: SourcesSection): RegExp {
  const words = new Set(['javax']);
  for (const r of code.xmlDescriptors) {
    for (const n of r.namespaces) words.add(n.replace(/^https?:\/\//, ''));
    words.add(r.to.split('/').slice(-2).join('/'));
  }
  return new RegExp([...words].map(escapeRegExp).join('|'));
}

/** Annotation and method names whose string arguments hold property keys. */
export const PROPERTY_NEEDLES = ['Value', 'ConditionalOnProperty', 'properties', 'getProperty', 'getRequiredProperty', 'containsProperty', 'DynamicPropertyRegistry'];

/**
 * The most specific row wins. On a tie a `stays` row wins, unless the move names this very
 * class (javax.annotation: JSR-250 types move, JSR-305 types in the same package stay).
 */
function decideFate(moves: PackageMove[], stays: SourcesSection['packages']['stays'], pkg: string, cls: string | undefined): JakartaFate {
  let best: { len: number; fate: JakartaFate; classLevel: boolean } | undefined;
  for (const m of moves) {
    const exact = pkg === m.from;
    if (!exact && !(m.recursive && pkg.startsWith(m.from + '.'))) continue;
    const classLevel = !!m.classes && !m.recursive;
    let f: JakartaFate;
    if (classLevel) {
      if (cls === undefined) f = { kind: 'split', row: m };
      else if (m.classes!.includes(cls)) f = { kind: 'move', row: m, newPackage: m.to };
      else continue;
    } else f = { kind: 'move', row: m, newPackage: m.to + pkg.slice(m.from.length) };
    if (!best || m.from.length > best.len) best = { len: m.from.length, fate: f, classLevel };
  }
  for (const s of stays) {
    if (!(pkg === s.package || (s.recursive && pkg.startsWith(s.package + '.')))) continue;
    const len = s.package.length;
    if (!best || len > best.len || (len === best.len && !best.classLevel)) {
      best = { len, fate: { kind: 'stay' }, classLevel: false };
    }
  }
  return best?.fate ?? { kind: 'stay' };
}

/** `javax.persistence.Entity.Foo` -> package `javax.persistence`, class `Entity`. */
export function splitQualified(parts: string[]): { pkgParts: number; cls: string | undefined } {
  let n = 0;
  while (n < parts.length && !/^[A-Z]/.test(parts[n]!)) n++;
  return { pkgParts: n, cls: parts[n] };
}

/**
 * What becomes of a dotted `javax...` name written in code (`wildcard`: followed by `.*`): the
 * package's fate, asked of the class when one is named; undefined when no package is named.
 */
export function javaxFate(idx: CodeIndex, parts: readonly string[], wildcard: boolean): JakartaFate | undefined {
  const { pkgParts, cls } = splitQualified(parts as string[]);
  if (pkgParts === 0) return undefined;
  // `javax.a.*` asks of the package itself (a class-level row splits it)
  return idx.fate(parts.slice(0, pkgParts).join('.'), wildcard && cls === undefined ? undefined : cls);
}

/** A value that is one dotted javax name (class, package or property name such as `javax.persistence.lock.timeout`). */
const JAVAX_NAME = /^javax(?:\.[A-Za-z_$][\w$-]*)+$/;

/** The jakarta spelling of a dotted javax name the package table moves, or undefined (stays, or not a name). */
export function movedJavaxName(idx: CodeIndex, name: string): string | undefined {
  if (!JAVAX_NAME.test(name)) return undefined;
  const parts = name.split('.');
  const { pkgParts, cls } = splitQualified(parts);
  const fate = idx.fate(parts.slice(0, pkgParts).join('.'), cls);
  return fate.kind === 'move' ? [fate.newPackage, ...parts.slice(pkgParts)].join('.') : undefined;
}
