// Qualified names in imports and code: javax -> jakarta (class-level where the data says so),
// moved Spring/third-party types and constants, moved packages. Works on token chains, so
// comments and string literals are never touched; only the changed segments are edited.
import type { Edit, FindingInput } from '../../src/engine/types.js';
import type { JvmLang } from '../../src/formats/jvm-tokens.js';
import type { TypeRename } from '../../src/table/sections/sources.js';
import { type Chain, type CodeIndex, type FileModel, RULE, chainText, javaxFate, splitQualified } from './model.js';
import { appendAll } from '../../src/engine/edits.js';

export interface NameResult {
  edits: Edit[];
  findings: FindingInput[];
}

const simpleOf = (fq: string) => fq.slice(fq.lastIndexOf('.') + 1);

/** Replaces the text of chain segments [from, to] (inclusive) by `text`. */
function replaceSegments(c: Chain, from: number, to: number, text: string, rule: string): Edit {
  return { start: c.tokens[from]!.start, end: c.tokens[to]!.end, text, rule };
}

/** javax -> jakarta for one fully qualified chain; undefined when it stays. */
function jakartaEdit(idx: CodeIndex, c: Chain): Edit | undefined {
  if (c.tokens[0]!.value !== 'javax') return undefined;
  const parts = c.tokens.map((t) => t.value);
  const fate = javaxFate(idx, parts, c.wildcard);
  return fate?.kind === 'move' ? movedPackageEdit(c, parts, fate.newPackage) : undefined;
}

/** The edit of a javax chain (`parts`: its segments) whose package moves to `newPackage`. */
export function movedPackageEdit(c: Chain, parts: string[], newPackage: string): Edit {
  const { pkgParts } = splitQualified(parts);
  const oldPkg = parts.slice(0, pkgParts);
  const newPkg = newPackage.split('.');
  // Usually only the first segment differs (javax -> jakarta): edit just that token.
  if (newPkg.length === oldPkg.length && newPkg.slice(1).join('.') === oldPkg.slice(1).join('.'))
    return replaceSegments(c, 0, 0, newPkg[0]!, RULE.jakarta);
  return replaceSegments(c, 0, pkgParts - 1, newPackage, RULE.jakarta);
}

/** The rename row for a name, unless shapes.ts found this file's uses unsafe to rename. */
type RowOf = (fq: string) => TypeRename | undefined;

/** What qualifiedRenameEdit checks a chain against, built once per table. */
interface RenameHeads {
  /** First segments of every renamed type and package: a chain starting otherwise names none of them. */
  heads: ReadonlySet<string>;
  /** Every proper dotted prefix of a renamed type (`a`, `a.b`, `a.b.C` of `a.b.C.FIELD`): a longer chain prefix can still match only below one. */
  typePrefixes: ReadonlySet<string>;
  /** First segments of the package renames. */
  packageHeads: ReadonlySet<string>;
}

const headsCache = new WeakMap<CodeIndex, RenameHeads>();
function renameHeads(idx: CodeIndex): RenameHeads {
  let heads = headsCache.get(idx);
  if (!heads) {
    const firstOf = (fq: string) => fq.split('.')[0]!;
    const typePrefixes = new Set<string>();
    for (const fq of idx.types.keys()) {
      const parts = fq.split('.');
      for (let k = 1; k < parts.length; k++) typePrefixes.add(parts.slice(0, k).join('.'));
    }
    const packageHeads = new Set(idx.packageRenames.map((p) => firstOf(p.from)));
    heads = { heads: new Set([...[...idx.types.keys()].map(firstOf), ...packageHeads]), typePrefixes, packageHeads };
    headsCache.set(idx, heads);
  }
  return heads;
}

/** A moved type/constant or package named by its full name (`a.b.C`, `a.b.C.FIELD`, `a.b.C.m()`). */
function qualifiedRenameEdit(idx: CodeIndex, rowOf: RowOf, c: Chain, h: RenameHeads): Edit | undefined {
  // most chains (`foo`, `list.add`) start with a name no row starts with: one set lookup
  const head = c.tokens[0]!.value;
  if (!h.heads.has(head)) return undefined;
  // the longest prefix that is a renamed type; the walk stops where no row continues the prefix
  let prefix = head;
  let typeKey: string | undefined;
  let typeEnd = 0;
  for (let k = 1; k < c.tokens.length; k++) {
    prefix += '.' + c.tokens[k]!.value;
    if (idx.types.has(prefix)) [typeKey, typeEnd] = [prefix, k];
    else if (!h.typePrefixes.has(prefix)) break;
  }
  if (typeKey !== undefined) {
    const row = rowOf(typeKey);
    return row ? replaceSegments(c, 0, typeEnd, row.to, RULE.typeRename) : undefined;
  }
  if (!h.packageHeads.has(head)) return undefined;
  const parts = c.tokens.map((t) => t.value);
  const { pkgParts } = splitQualified(parts);
  const pkg = parts.slice(0, pkgParts).join('.');
  for (const p of idx.packageRenames) {
    if (pkg === p.from || pkg.startsWith(p.from + '.')) {
      const n = p.from.split('.').length;
      return replaceSegments(c, 0, n - 1, p.to, RULE.packageRename);
    }
  }
  return undefined;
}

/** `HttpTraceRepository`, `KafkaHeaders.MESSAGE_KEY`, static-imported `MESSAGE_KEY`: via the imports. */
function importedNameEdit(rowOf: RowOf, names: ReadonlyMap<string, string>, c: Chain): Edit | undefined {
  if (c.afterDot) return undefined;
  const head = c.tokens[0]!;
  const fq = names.get(head.value);
  if (!fq || simpleOf(fq) !== head.value) return undefined; // a Kotlin import alias keeps its own name
  const row = rowOf(fq);
  if (row) {
    const simple = simpleOf(row.to);
    return simple === head.value ? undefined : { start: head.start, end: head.end, text: simple, rule: RULE.typeRename };
  }
  const member = c.tokens[1];
  const field = member && rowOf(`${fq}.${member.value}`);
  if (field && member) {
    const simple = simpleOf(field.to);
    return simple === member.value ? undefined : { start: member.start, end: member.end, text: simple, rule: RULE.typeRename };
  }
  return undefined;
}

/** The JSR-250 names a file uses as identifiers (outside imports, not after a dot). */
function usedSimpleNames(model: FileModel, names: readonly string[]): string[] {
  const wanted = new Set(names);
  const found = new Set<string>();
  for (const c of model.chains) {
    if (c.afterDot || model.declChains.has(c.first)) continue;
    const v = c.tokens[0]!.value;
    if (wanted.has(v)) found.add(v);
  }
  return [...found].sort();
}

/**
 * `import javax.annotation.*;` cannot move as a whole: JSR-305 types live in the same package.
 * The wildcard stays, and an explicit `import jakarta.annotation.X` is added after it for every
 * JSR-250 type the file uses (a single-type import shadows the on-demand one).
 */
function splitWildcard(model: FileModel, lang: JvmLang, imp: FileModel['imports'][number], classes: string[], to: string, eol: string): NameResult {
  const explicit = new Set([...model.importedNames.entries()].filter(([, fq]) => fq.startsWith(to + '.')).map(([s]) => s));
  const needed = usedSimpleNames(model, classes).filter((n) => !explicit.has(n));
  if (!needed.length) return { edits: [], findings: [] };
  const end = model.tokens[imp.endToken]!.end;
  const semi = lang === 'java' ? ';' : '';
  const text = needed.map((n) => `${eol}import ${to}.${n}${semi}`).join('');
  return {
    edits: [{ start: end, end, text, rule: RULE.jakartaWildcard }],
    findings: [
      {
        rule: RULE.jakartaWildcard,
        severity: 'warning',
        offset: model.tokens[imp.startToken]!.start,
        message: `kept 'import ${chainText(imp.chain)}.*' (JSR-305 types such as Nonnull live there) and added explicit jakarta imports for ${needed.join(', ')}; remove the wildcard if nothing else uses it`,
      },
    ],
  };
}

/**
 * Simple names that a non-static on-demand import (`import org...trace.http.*;`) brings in and
 * that a rename row concerns (the type itself, or a constant of it), when no single-type import
 * already gives that name. Returns the names with their fully qualified classes, by import.
 */
function wildcardRenamedNames(idx: CodeIndex, rowOf: RowOf, model: FileModel): Map<FileModel['imports'][number], Map<string, string>> {
  const out = new Map<FileModel['imports'][number], Map<string, string>>();
  for (const imp of model.imports) {
    if (!imp.chain.wildcard || imp.isStatic) continue;
    const pkg = chainText(imp.chain);
    const rows = idx.renamedByPackage.get(pkg);
    if (!rows) continue;
    const names = new Map<string, string>();
    for (const cls of rows) if (!model.importedNames.has(cls) && (rowOf(`${pkg}.${cls}`) || !idx.types.has(`${pkg}.${cls}`))) names.set(cls, `${pkg}.${cls}`);
    if (names.size) out.set(imp, names);
  }
  return out;
}

/**
 * A type renamed into another package, used through an on-demand import of its old package:
 * the uses are renamed (by the caller) and `import new.pkg.NewName;` is added after the wildcard,
 * which is kept (other types may still come from it) and reported.
 */
function wildcardTypeImports(rowOf: RowOf, model: FileModel, lang: JvmLang, imp: FileModel['imports'][number], names: Map<string, string>, eol: string): NameResult {
  const pkg = chainText(imp.chain);
  const used = usedSimpleNames(model, [...names.keys()]);
  const explicit = new Set(model.importedNames.values());
  const added: string[] = [];
  for (const simple of used) {
    const row = rowOf(names.get(simple)!);
    if (!row || row.kind === 'field') continue;
    const newPkg = row.to.slice(0, row.to.lastIndexOf('.'));
    if (newPkg === pkg || explicit.has(row.to)) continue;
    added.push(row.to);
  }
  if (!added.length) return { edits: [], findings: [] };
  const end = model.tokens[imp.endToken]!.end;
  const semi = lang === 'java' ? ';' : '';
  return {
    edits: [{ start: end, end, text: added.map((fq) => `${eol}import ${fq}${semi}`).join(''), rule: RULE.typeRenameWildcard }],
    findings: [
      {
        rule: RULE.typeRenameWildcard,
        severity: 'warning',
        offset: model.tokens[imp.startToken]!.start,
        message: `'import ${pkg}.*' brings in types that moved (${added.map((fq) => fq.slice(fq.lastIndexOf('.') + 1)).join(', ')}): explicit imports were added; remove the wildcard if nothing else uses it (the old package may no longer exist in Spring Boot 3.0)`,
      },
    ],
  };
}

/** A file importing the same spec from javax and jakarta is half-migrated: say so. */
function mixedSpecs(idx: CodeIndex, model: FileModel): FindingInput[] {
  // a file with no jakarta import mixes nothing: most files, and no package split for each javax import
  if (!model.imports.some((imp) => imp.chain.tokens[0]!.value === 'jakarta')) return [];
  const javax = new Set<string>();
  const jakarta = new Map<string, number>();
  for (const imp of model.imports) {
    const head = imp.chain.tokens[0]!.value;
    if (head !== 'javax' && head !== 'jakarta') continue; // only these two are compared
    const parts = imp.chain.tokens.map((t) => t.value);
    if (head === 'javax') {
      const fate = javaxFate(idx, parts, imp.chain.wildcard);
      if (fate?.kind === 'move') javax.add(fate.row.spec);
      continue;
    }
    const spec = idx.specOfJakarta(parts.slice(0, splitQualified(parts).pkgParts).join('.'));
    if (spec && !jakarta.has(spec)) jakarta.set(spec, model.tokens[imp.startToken]!.start);
  }
  const out: FindingInput[] = [];
  for (const [spec, offset] of jakarta) {
    if (javax.has(spec))
      out.push({ rule: RULE.jakartaMixed, severity: 'warning', offset, message: `imports ${spec} from both javax and jakarta: the file was half-migrated; the javax imports are rewritten, check for duplicates` });
  }
  return out;
}

export function rewriteNames(idx: CodeIndex, model: FileModel, lang: JvmLang, eol: string, blocked: ReadonlySet<string> = new Set()): NameResult {
  const rowOf: RowOf = (fq) => (blocked.has(fq) ? undefined : idx.types.get(fq));
  const edits: Edit[] = [];
  const findings: FindingInput[] = [...mixedSpecs(idx, model)];
  const importByChain = new Map(model.imports.map((i) => [i.chain.first, i]));
  const packageChains = new Set([...model.declChains].filter((f) => !importByChain.has(f)));
  const wildcards = wildcardRenamedNames(idx, rowOf, model);
  let names: ReadonlyMap<string, string> = model.importedNames;
  if (wildcards.size) {
    const merged = new Map<string, string>();
    for (const [imp, byName] of wildcards) {
      for (const [simple, fq] of byName) if (!merged.has(simple)) merged.set(simple, fq);
      const r = wildcardTypeImports(rowOf, model, lang, imp, byName, eol);
      appendAll(edits, r.edits);
      appendAll(findings, r.findings);
    }
    for (const [simple, fq] of model.importedNames) merged.set(simple, fq);
    names = merged;
  }
  const heads = renameHeads(idx); // once per file, not once per chain
  for (const c of model.chains) {
    if (packageChains.has(c.first) || c.afterDot) continue; // the file's own package; member access
    const imp = importByChain.get(c.first);
    if (imp && c.wildcard && c.tokens[0]!.value === 'javax') {
      const parts = c.tokens.map((t) => t.value);
      const fate = idx.fate(parts.join('.'), undefined);
      if (fate.kind === 'split') {
        const r = splitWildcard(model, lang, imp, fate.row.classes ?? [], fate.row.to, eol);
        appendAll(edits, r.edits);
        appendAll(findings, r.findings);
        continue;
      }
    }
    const edit = jakartaEdit(idx, c) ?? qualifiedRenameEdit(idx, rowOf, c, heads) ?? (imp ? undefined : importedNameEdit(rowOf, names, c));
    if (edit) edits.push(edit);
  }
  return { edits, findings };
}
