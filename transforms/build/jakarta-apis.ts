// build/jakarta-api: a Jakarta API the migrated sources import that no dependency of the module
// brings on Boot 3.0. On Boot 2.7 the javax API often came along unseen (jakarta.xml.bind-api 2.3
// with hibernate-core 5.6, jakarta.validation-api with a library's starter, javax.annotation with
// the JDK-8-era jars); on Boot 3.0 the starters bring less. Per module (a pom's folder, without its
// nested modules): every jakarta package its main and test sources import once the packages have
// moved, against what its dependencies provably bring — Boot 3.0 starters and the Boot-managed
// artifacts whose closure was read from Central (table `build.jakarta.carriers`), declared Jakarta
// artifacts (their packages, `build.jakarta.artifacts`) and the repository's own modules it depends
// on, transitively. A package nothing provides gets the API artifact that holds it; the decision is
// the same whatever else the module declares (an unknown library may bring it too: the declaration
// is then redundant, never wrong). This module decides; maven-jakarta-apis.ts writes.
import path from 'node:path/posix';
import type { PassContext, ProjectView } from '../../src/engine/types.js';
import { escapeRegExp } from '../../src/engine/text.js';
import { ScanError, scanJvm } from '../../src/formats/jvm-tokens.js';
import { child, textValue } from '../../src/formats/xml.js';
import { tableIndex } from '../../src/table/load.js';
import type { JakartaArtifactRow, JakartaCarrierRow } from '../../src/table/sections/build.js';
import type { PackageMove } from '../../src/table/sections/sources.js';
import type { MigrationTable } from '../../src/table/types.js';
import { buildModel, codeIndex, javaxFate, splitQualified, type ImportDecl } from '../sources/model.js';
import { rowFor, type BuildFacts } from './facts.js';
import { chain, projectPom, resolveValue, type PomModel } from './pom-model.js';

export const JAKARTA_API_RULE = 'build/jakarta-api';

/** Container APIs: the server (embedded Tomcat, or the one a war is deployed to) brings them at run time. */
const CONTAINER_SPECS = new Set(['servlet', 'servlet/jsp', 'el', 'websocket']);

interface Index {
  /** jakarta package -> the API artifact (with a target version) that holds it. */
  apiOf: Map<string, JakartaArtifactRow>;
  artifacts: Map<string, JakartaArtifactRow>;
  carriers: Map<string, JakartaCarrierRow>;
  unknown: Set<string>;
  /** 'groupId:artifactId' of every XML Binding implementation. */
  xmlBindRuntimes: Set<string>;
}

function index(ctx: PassContext): Index {
  return tableIndex(ctx.table, 'jakarta-apis', (table) => {
    const j = table.build!.jakarta;
    const key = (c: { groupId: string; artifactId: string }) => `${c.groupId}:${c.artifactId}`;
    const apiOf = new Map<string, JakartaArtifactRow>();
    for (const a of j.artifacts) if (a.kind === 'api' && a.target) for (const p of a.packages) if (!apiOf.has(p)) apiOf.set(p, a);
    return {
      apiOf,
      artifacts: new Map(j.artifacts.map((a) => [key(a.coordinate), a])),
      carriers: new Map(j.carriers.map((c) => [key(c.coordinate), c])),
      unknown: new Set(j.unknownCarriers.map(key)),
      xmlBindRuntimes: new Set(j.artifacts.filter((a) => a.kind === 'implementation' && a.spec === 'xml/bind').map((a) => key(a.coordinate))),
    };
  });
}

/** What a module's sources need, per classpath. */
export interface ModuleNeeds {
  /** jakarta package -> the first source file (repository path) that imports it. */
  main: Map<string, string>;
  test: Map<string, string>;
  /** A main source that reads or writes XML through JAXB (an implementation must be there at run time). */
  marshals?: string;
}

const JAXB_RUNTIME_USE = /\b(JAXBContext|Marshaller|Unmarshaller|XmlRootElement)\b/;

/**
 * Per package row with classes (an on-demand import of a package whose classes move one by one):
 * one matcher of any of its class names, made once per table.
 */
function classMatcher(table: MigrationTable, row: PackageMove): RegExp {
  const matchers = tableIndex(table, 'jakarta-apis-classes', () => new Map<PackageMove, RegExp>());
  let re = matchers.get(row);
  if (!re) matchers.set(row, (re = new RegExp(`\\b(?:${(row.classes ?? []).map(escapeRegExp).join('|')})\\b`)));
  return re;
}

/**
 * The import declarations of a source, from the sources model of its header: the tokens up to
 * the end of the last declaration naming `import` (a whole file's tokens cost four times as
 * much, and the header is all that is read). A header that does not scan alone (the last
 * `import` stood in the body) is read from the whole text; a text that does not scan has no
 * imports (the sources pass reports it and moves nothing in it).
 */
function importsOf(text: string, lang: 'java' | 'kotlin'): ImportDecl[] {
  const k = text.lastIndexOf('import');
  if (k < 0) return [];
  const semi = text.indexOf(';', k);
  const line = lang === 'kotlin' ? text.indexOf('\n', k) : -1;
  const end = [semi + 1, line].filter((e) => e > 0);
  const header = end.length ? text.slice(0, Math.min(...end)) : text;
  for (const part of header.length < text.length ? [header, text] : [text]) {
    try {
      return buildModel(part, scanJvm(part, lang)).imports;
    } catch (e) {
      if (!(e instanceof ScanError)) throw e;
    }
  }
  return [];
}

/** The jakarta packages one source imports once its javax imports have moved (the Java pass's package table). */
function importedPackages(ctx: PassContext, text: string, lang: 'java' | 'kotlin'): string[] {
  if (!text.includes('javax') && !text.includes('jakarta')) return [];
  const idx = codeIndex(ctx.table);
  const out = new Set<string>();
  for (const imp of importsOf(text, lang)) {
    const parts = imp.chain.tokens.map((t) => t.value);
    const head = parts[0];
    if (head !== 'javax' && head !== 'jakarta') continue;
    if (head === 'jakarta') {
      out.add(parts.slice(0, splitQualified(parts).pkgParts).join('.'));
      continue;
    }
    const fate = javaxFate(idx, parts, imp.chain.wildcard);
    if (fate?.kind === 'move') out.add(fate.newPackage);
    // `import javax.annotation.*`: the Java pass adds explicit imports for the classes it uses
    else if (fate?.kind === 'split' && fate.row.classes?.length && classMatcher(ctx.table, fate.row).test(text)) out.add(fate.row.to);
  }
  return [...out];
}

const needsCache = new WeakMap<ProjectView, Map<string, ModuleNeeds>>();

/** The module folders of the repository's poms (a file belongs to the deepest one above it). */
function moduleDirs(project: ProjectView): string[] {
  return project.ofKind('pom').map((f) => (path.dirname(f.path) === '.' ? '' : path.dirname(f.path)));
}

/** What the sources of the module in `dir` import (main, test), computed once per project for every module. */
export function moduleNeeds(ctx: PassContext, dir: string): ModuleNeeds {
  let all = needsCache.get(ctx.project);
  if (!all) {
    all = new Map();
    const dirs = moduleDirs(ctx.project).sort((a, b) => b.length - a.length);
    for (const f of ctx.project.ofKind('java', 'kotlin')) {
      if (f.text === undefined) continue;
      const owner = dirs.find((d) => d === '' || f.path.startsWith(d + '/'));
      if (owner === undefined) continue;
      const rel = owner === '' ? f.path : f.path.slice(owner.length + 1);
      const where = rel.startsWith('src/main/') ? 'main' : rel.startsWith('src/test/') ? 'test' : undefined;
      if (!where) continue;
      let needs = all.get(owner);
      if (!needs) all.set(owner, (needs = { main: new Map(), test: new Map() }));
      const packages = importedPackages(ctx, f.text, f.kind === 'kotlin' ? 'kotlin' : 'java');
      for (const p of packages) if (!needs[where].has(p)) needs[where].set(p, f.path);
      if (where === 'main' && !needs.marshals && packages.some((p) => p.startsWith('jakarta.xml.bind')) && JAXB_RUNTIME_USE.test(f.text)) needs.marshals = f.path;
    }
    needsCache.set(ctx.project, all);
  }
  return all.get(dir) ?? { main: new Map(), test: new Map() };
}

/** What a module's declared dependencies bring: jakarta packages per classpath, and whether an XML Binding implementation runs. */
export interface Provided {
  main: Set<string>;
  test: Set<string>;
  /** What a module depending on this one gets (compile scope, not optional: provided and optional are not passed on). */
  exported: Set<string>;
  xmlBindRuntime: boolean;
}

export interface DeclaredDependency {
  groupId: string;
  artifactId: string;
  scope: string;
  optional: boolean;
}

/** The coordinates a dependency has once this run renamed it. */
function afterRename(facts: BuildFacts, g: string, a: string): { groupId: string; artifactId: string } {
  const row = rowFor(facts, g, a);
  return row?.action === 'rename' && row.to && row.to.artifactId !== '*' ? row.to : { groupId: g, artifactId: a };
}

/** The <dependencies> of a pom and of its in-repository ancestors (inherited), with resolved coordinates. */
export function declaredDependencies(project: ProjectView, model: PomModel): DeclaredDependency[] {
  const models = chain(project, model);
  const out: DeclaredDependency[] = [];
  for (const m of models) {
    const mm = chain(project, m);
    for (const d of m.deps) {
      if (d.kind !== 'dependency') continue;
      const g = resolveValue(mm, textValue(m.text, d.groupId));
      const a = resolveValue(mm, textValue(m.text, d.artifactId));
      if (g && a) out.push({ groupId: g, artifactId: a, scope: textValue(m.text, d.scope) ?? 'compile', optional: textValue(m.text, child(d.el, 'optional')) === 'true' });
    }
  }
  return out;
}

/** Per parsed pom (the project's, cached; the pom being migrated is parsed anew each round and asked anew). */
const providedCache = new WeakMap<PomModel, Provided>();

/** The pom of the repository whose coordinates are g:a (a module another one depends on). */
function repositoryModule(project: ProjectView, g: string, a: string): PomModel | undefined {
  for (const f of project.ofKind('pom')) {
    const m = projectPom(project, f.path);
    if (m && m.artifactId === a && m.groupId === g) return m;
  }
  return undefined;
}

/** What the declared dependencies of `model` (and, transitively, of the repository modules among them) bring. */
export function provided(ctx: PassContext, facts: BuildFacts, model: PomModel, seen = new Set<string>()): Provided {
  const hit = providedCache.get(model);
  if (hit) return hit;
  const idx = index(ctx);
  const out: Provided = { main: new Set(), test: new Set(), exported: new Set(), xmlBindRuntime: false };
  seen.add(model.path);
  providedCache.set(model, out); // a cycle of modules reads what is known so far instead of starting over
  for (const d of declaredDependencies(ctx.project, model)) {
    const c = afterRename(facts, d.groupId, d.artifactId);
    const key = `${c.groupId}:${c.artifactId}`;
    const compile = d.scope === 'compile' || d.scope === 'provided' || d.scope === 'system';
    const onTest = compile || d.scope === 'test';
    const runtime = d.scope === 'compile' || d.scope === 'runtime';
    const exported = d.scope === 'compile' && !d.optional;
    const add = (packages: Iterable<string>) => {
      for (const p of packages) {
        if (compile) out.main.add(p);
        if (onTest) out.test.add(p);
        if (exported) out.exported.add(p);
      }
    };
    const carrier = idx.carriers.get(key);
    if (carrier) {
      add(carrier.compile);
      if (runtime && carrier.runtime.some((r) => idx.xmlBindRuntimes.has(r))) out.xmlBindRuntime = true;
    }
    const artifact = idx.artifacts.get(key);
    if (artifact) add(artifact.packages);
    if (runtime && idx.xmlBindRuntimes.has(key)) out.xmlBindRuntime = true;
    const own = !carrier && !artifact && d.scope !== 'runtime' ? repositoryModule(ctx.project, c.groupId, c.artifactId) : undefined;
    if (own && !seen.has(own.path)) {
      const theirs = provided(ctx, facts, own, seen);
      add(theirs.exported); // what a dependency has at compile scope is on this module's classpath too
      // and what this run declares there at compile scope (provided scope is not passed on)
      for (const m of missingApis(ctx, facts, own, seen)) if (m.scope === 'compile') add(m.artifact.packages);
      if (runtime && theirs.xmlBindRuntime) out.xmlBindRuntime = true;
    }
  }
  return out;
}

/** One declaration the module lacks. */
export interface MissingApi {
  artifact: JakartaArtifactRow;
  scope: 'compile' | 'provided' | 'test' | 'runtime';
  /** The packages it brings that the sources import, and the first file importing each. */
  packages: { name: string; file: string }[];
}

/** The Jakarta APIs the module in `dir` (its pom: `model`) must declare, in the order they are added. */
export function missingApis(ctx: PassContext, facts: BuildFacts, model: PomModel, seen?: Set<string>): MissingApi[] {
  const dir = path.dirname(model.path) === '.' ? '' : path.dirname(model.path);
  const needs = moduleNeeds(ctx, dir);
  if (!needs.main.size && !needs.test.size) return [];
  const idx = index(ctx);
  const has = provided(ctx, facts, model, seen);
  const byArtifact = new Map<string, MissingApi>();
  const want = (pkg: string, file: string, testOnly: boolean) => {
    const artifact = idx.apiOf.get(pkg);
    if (!artifact) return;
    const key = `${artifact.coordinate.groupId}:${artifact.coordinate.artifactId}`;
    const scope = testOnly ? 'test' : CONTAINER_SPECS.has(artifact.spec) ? 'provided' : 'compile';
    const entry = byArtifact.get(key);
    if (entry) {
      if (entry.scope === 'test' && !testOnly) entry.scope = scope;
      entry.packages.push({ name: pkg, file });
    } else byArtifact.set(key, { artifact, scope, packages: [{ name: pkg, file }] });
  };
  for (const [pkg, file] of needs.main) if (!has.main.has(pkg)) want(pkg, file, false);
  for (const [pkg, file] of needs.test) if (!has.test.has(pkg) && !needs.main.has(pkg)) want(pkg, file, true);
  const out = [...byArtifact.values()];
  // XML read or written through JAXB needs an implementation at run time, which the API alone is not
  if (needs.marshals && !has.xmlBindRuntime) {
    const runtime = [...idx.artifacts.values()].find((a) => a.kind === 'implementation' && a.spec === 'xml/bind' && a.managed);
    if (runtime) out.push({ artifact: runtime, scope: 'runtime', packages: [{ name: 'jakarta.xml.bind', file: needs.marshals }] });
  }
  return out;
}
