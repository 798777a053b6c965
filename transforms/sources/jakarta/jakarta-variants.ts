// Libraries whose jakarta line is another artifact (table `libraries.jakartaVariants`): Jackson's
// JAX-RS providers and JAXB annotations module, the JAXB runtime's implementation classes. The
// build transform renames the artifact; without the matching code change the file no longer
// compiles (`JaxbAnnotationModule` is not in jackson-module-jakarta-xmlbind-annotations). So the
// code follows — but only when a build file of the run names the library, since otherwise it
// comes from elsewhere (another library's transitive dependency) and may keep its javax line.
import type { Edit, ProjectView } from '../../../src/engine/types.js';
import type { JakartaVariantRow } from '../../../src/table/sections/libraries.js';
import { buildFilesMatch } from '../../../src/engine/project-text.js';
import { escapeRegExp } from '../../../src/engine/text.js';
import { type LibContext, type LibResult, emptyResult, pkgOf, simpleOf } from '../lib-edits.js';
import { type Chain, type FileModel, chainText } from '../model.js';
import { declaredVersions } from '../../build/declared-versions.js';
import { isLower } from '../../build/facts.js';

export const VARIANT_RULES = { types: 'jakarta-variant/types' } as const;

/** Does the text of the run's build files name `groupId:artifactId` (artifactId may end in `*`)? */
function buildNames(project: ProjectView, coordinate: string): boolean {
  const [group, artifact] = coordinate.split(':') as [string, string];
  const prefix = artifact.endsWith('*');
  const name = escapeRegExp(prefix ? artifact.slice(0, -1) : artifact);
  return buildFilesMatch(project, new RegExp(escapeRegExp(group))) && buildFilesMatch(project, new RegExp(`(?<![\\w.-])${name}${prefix ? '' : '(?![\\w.-])'}`));
}

/** The old package of the row that `pkg` lies in (longest first), if any. */
function movedPackage(row: JakartaVariantRow, pkg: string): JakartaVariantRow['packages'][number] | undefined {
  return row.packages.find((p) => pkg === p.from || pkg.startsWith(p.from + '.'));
}

/** Does this qualified name (package, type or member) belong to the row's javax line? */
function inRow(row: JakartaVariantRow, name: string): boolean {
  return row.types.some((t) => name === t.from || name.startsWith(t.from + '.')) || !!movedPackage(row, name);
}

/** The new spelling of a qualified name, and how many leading segments it replaces. */
function renamedPrefix(row: JakartaVariantRow, parts: string[]): { segments: number; text: string } | undefined {
  for (let k = parts.length; k >= 2; k--) {
    const key = parts.slice(0, k).join('.');
    const type = row.types.find((t) => t.from === key);
    if (type) return { segments: k, text: type.to };
  }
  for (let k = parts.length; k >= 1; k--) {
    const p = movedPackage(row, parts.slice(0, k).join('.'));
    if (p) {
      const n = p.from.split('.').length;
      return { segments: n, text: p.to };
    }
  }
  return undefined;
}

function segmentsEdit(c: Chain, segments: number, text: string): Edit {
  return { start: c.tokens[0]!.start, end: c.tokens[segments - 1]!.end, text, rule: VARIANT_RULES.types };
}

/** `pkg.Annotations.JAXB` written in full, or `Annotations.JAXB` through an import: the member token. */
function memberEdit(row: JakartaVariantRow, c: Chain, typeOf: (simple: string) => string | undefined): Edit | undefined {
  const parts = c.tokens.map((t) => t.value);
  for (const m of row.members) {
    const typeParts = m.type.split('.');
    const qualified = parts.length > typeParts.length && parts.slice(0, typeParts.length).join('.') === m.type ? typeParts.length : -1;
    const viaImport = !c.afterDot && parts.length > 1 && typeOf(parts[0]!) === m.type ? 1 : -1;
    if (!c.afterDot && parts.length === 1 && typeOf(parts[0]!) === `${m.type}.${m.from}`) return { start: c.tokens[0]!.start, end: c.tokens[0]!.end, text: m.to, rule: VARIANT_RULES.types };
    const at = Math.max(qualified, viaImport);
    if (at > 0 && parts[at] === m.from) return { start: c.tokens[at]!.start, end: c.tokens[at]!.end, text: m.to, rule: VARIANT_RULES.types };
  }
  return undefined;
}

/** Simple names the file gets from the row's javax line: single-type imports and wildcard imports of a moved package. */
function importedOldNames(row: JakartaVariantRow, model: FileModel): Map<string, string> {
  const out = new Map<string, string>();
  for (const [simple, fq] of model.importedNames) if (inRow(row, fq) && simpleOf(fq) === simple) out.set(simple, fq);
  for (const imp of model.imports) {
    if (!imp.chain.wildcard || imp.isStatic) continue;
    const pkg = chainText(imp.chain);
    for (const t of row.types) if (pkgOf(t.from) === pkg && !out.has(simpleOf(t.from))) out.set(simpleOf(t.from), t.from);
    for (const m of row.members) if (pkgOf(m.type) === pkg && !out.has(simpleOf(m.type))) out.set(simpleOf(m.type), m.type);
  }
  return out;
}

/** Every chain that names the row's javax line, in imports or in code. */
function uses(row: JakartaVariantRow, model: FileModel): Chain[] {
  const names = importedOldNames(row, model);
  return model.chains.filter((c) => !c.afterDot && (inRow(row, chainText(c)) || names.has(c.tokens[0]!.value)) && !isPackageDecl(model, c));
}

function isPackageDecl(model: FileModel, c: Chain): boolean {
  return model.declChains.has(c.first) && !model.imports.some((i) => i.chain.first === c.first);
}

function rewrite(row: JakartaVariantRow, model: FileModel): Edit[] {
  const edits: Edit[] = [];
  const oldNames = importedOldNames(row, model);
  for (const c of model.chains) {
    if (c.afterDot || isPackageDecl(model, c)) continue;
    const parts = c.tokens.map((t) => t.value);
    const member = memberEdit(row, c, (simple) => oldNames.get(simple));
    const full = inRow(row, parts.join('.')) ? renamedPrefix(row, parts) : undefined;
    if (full) edits.push(segmentsEdit(c, full.segments, full.text));
    else {
      // A simple name imported from the javax line: only a renamed class changes its name.
      const fq = oldNames.get(parts[0]!);
      const type = fq && row.types.find((t) => t.from === fq);
      if (type && simpleOf(type.to) !== parts[0]) edits.push(segmentsEdit(c, 1, simpleOf(type.to)));
    }
    if (member) edits.push(member);
  }
  return edits;
}

function firstUse(model: FileModel, chains: Chain[]): number {
  return chains[0]?.tokens[0]!.start ?? model.tokens[0]?.start ?? 0;
}

function migrateRow(ctx: LibContext, row: JakartaVariantRow, out: LibResult): void {
  const { model } = ctx;
  const used = uses(row, model);
  if (!used.length) return;
  const gone = row.gone.filter((g) => used.some((c) => chainText(c).startsWith(g.name) || model.importedNames.get(c.tokens[0]!.value) === g.name));
  if (gone.length) {
    for (const g of gone)
      out.findings.push({ rule: VARIANT_RULES.types, severity: 'error', offset: firstUse(model, used.filter((c) => chainText(c).startsWith(g.name))), message: `${simpleOf(g.name)}: ${g.replacement}; this file was left as it is (its other ${row.jakartaArtifacts.join(', ')} names move with it)`, docs: row.source });
    return;
  }
  // a twin in a later release of the same artifact: moved only over a build declaring that release; otherwise the follow-ups report each use
  if (row.since && !atLeast(ctx, row, row.since)) return;
  const named = [...row.artifacts, ...row.jakartaArtifacts].some((a) => buildNames(ctx.project, a));
  const target = row.jakartaArtifacts.join(', ');
  if (!named) {
    out.findings.push({ rule: VARIANT_RULES.types, severity: 'warning', offset: firstUse(model, used), message: `no build file of this run declares ${[...row.artifacts, ...row.jakartaArtifacts].join(' or ')}, so this code was not moved: on Boot 3.0 use ${target} and its names (${describe(row, model, used)}); ${row.note}`, docs: row.source });
    return;
  }
  const edits = rewrite(row, model);
  out.edits.push(...edits);
  if (row.since) out.owned.push(...row.types.map((t) => t.from));
  const why = row.since ? `moved to the jakarta twins of ${target} ${row.since}, the release this build declares or a later one` : `moved with the build's ${target}`;
  if (edits.length) out.findings.push({ rule: VARIANT_RULES.types, severity: 'info', offset: edits[0]!.start, message: `${why}: ${describe(row, model, used)}${row.since ? `; ${row.note}` : ''}`, docs: row.source });
}

/** Every version of the row's artifact the build declares is `since` or later (and one is declared). */
function atLeast(ctx: LibContext, row: JakartaVariantRow, since: string): boolean {
  const [group, artifact] = row.jakartaArtifacts[0]!.split(':') as [string, string];
  const d = declaredVersions(ctx.project, group, artifact, row.versionProperty);
  return !!d && d.versions.length > 0 && d.unresolved === 0 && !d.versionless && d.versions.every((v) => !isLower(v, since));
}

/** The moves this file needs, as `old -> new` (only the names it uses). */
function describe(row: JakartaVariantRow, model: FileModel, used: Chain[]): string {
  const names = importedOldNames(row, model);
  const fqs = new Set(used.map((c) => names.get(c.tokens[0]!.value) ?? chainText(c)));
  const moves = new Set<string>();
  for (const fq of fqs) {
    const type = row.types.find((t) => fq === t.from || fq.startsWith(t.from + '.'));
    const pkg = movedPackage(row, fq);
    if (type) moves.add(`${type.from} -> ${type.to}`);
    else if (pkg) moves.add(`${pkg.from} -> ${pkg.to}`);
  }
  for (const m of row.members) if (used.some((c) => c.tokens.some((t) => t.value === m.from))) moves.add(`${simpleOf(m.type)}.${m.from} -> ${m.to}`);
  return [...moves].join(', ');
}

/** The row moving `pkg` when a build file of the run names its library (so the code moves with it), else undefined. */
export function variantMoves(ctx: LibContext, pkg: string): JakartaVariantRow | undefined {
  const row = (ctx.libs.jakartaVariants ?? []).find((r) => r.packages.some((p) => p.from === pkg));
  return row && [...row.artifacts, ...row.jakartaArtifacts].some((a) => buildNames(ctx.project, a)) ? row : undefined;
}

export type { JakartaVariantRow };

export function migrateJakartaVariants(ctx: LibContext): LibResult {
  const out = emptyResult();
  for (const row of ctx.libs.jakartaVariants ?? []) migrateRow(ctx, row, out);
  return out;
}
