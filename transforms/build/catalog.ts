// build/catalog: Gradle version catalogs (gradle/libs.versions.toml): Boot, dependency-management
// and Kotlin versions (inline or through [versions] refs), library coordinates (module = "g:a",
// group/name, "g:a:v") and plugin ids, on the offsets of the line-level TOML scanner.
import type { FilePass, PassContext, PassResult, SourceFile } from '../../src/engine/types.js';
import { scanToml, type TomlEntry, type TomlString, type TomlValue } from '../../src/formats/toml.js';
import { bootLine, buildFacts, coordinateText, managedBefore, isLower, libraryFor, rowFor, rowMessage, targetRelease, type BuildFacts } from './facts.js';
import { targetForCoordinate, targetForPlugin, type VersionTarget } from './gradle-rules.js';
import { unservedPlugin } from './gradle-run.js';
import { PassOutput } from './out.js';
import { CATALOG_PIN_RULE, catalogPins } from './catalog-pins.js';
import { CLOUD_MODULE_RULE, cloudModuleMessage, trainKept, trainRaised } from './spring-cloud.js';
import { LIBRARY_RULE, libraryMessage, libraryVariableMessage, manualApplies, libraryVersion } from './libraries.js';

export const CATALOG_RULES = ['build/boot-version', 'build/dependency-management-plugin', 'build/kotlin-version', 'build/coordinates', 'build/needs-version', 'build/removed-dependency', 'build/removed-integration', 'build/spring-cloud-train', 'build/spring-cloud-module', 'build/sleuth-tracing', 'build/library', CATALOG_PIN_RULE];

interface CatalogRun {
  text: string;
  facts: BuildFacts;
  out: PassOutput;
  versions: Map<string, TomlString>;
  /** [versions] key -> how many libraries and plugins refer to it (version.ref). */
  refUses: Map<string, number>;
}

export const catalogPass: FilePass = {
  id: 'build/catalog',
  description: 'gradle/libs.versions.toml: versions, library coordinates, plugin ids',
  kinds: ['version-catalog'],
  rules: CATALOG_RULES,
  async init(ctx) {
    targetRelease(ctx.table, ctx.options.bootVersion);
  },
  run: migrateCatalog,
};

function str(v: TomlValue | undefined): TomlString | undefined {
  return v?.kind === 'string' ? v : undefined;
}

export function migrateCatalog(file: SourceFile, ctx: PassContext): PassResult {
  const entries = scanToml(file.text);
  const versions = new Map<string, TomlString>();
  for (const e of entries) {
    const s = str(e.value);
    if (e.table === 'versions' && s) versions.set(e.key, s);
  }
  const refUses = new Map<string, number>();
  for (const e of entries) {
    const ref = e.value.kind === 'table' ? str(e.value.fields.get('version.ref')) : undefined;
    if (ref) refUses.set(ref.value, (refUses.get(ref.value) ?? 0) + 1);
  }
  const run: CatalogRun = { text: file.text, facts: buildFacts(ctx), out: new PassOutput(), versions, refUses };
  for (const e of entries) {
    if (e.table === 'libraries') library(run, e);
    else if (e.table === 'plugins') plugin(run, e);
  }
  catalogPins(file, entries, versions, run.facts, ctx, run.out);
  return run.out.result();
}

/** The version of an entry: inline string, version.ref into [versions], or none. */
function versionOf(run: CatalogRun, fields: Map<string, TomlValue>): TomlString | undefined {
  const inline = str(fields.get('version'));
  if (inline) return inline;
  const ref = str(fields.get('version.ref'));
  return ref ? run.versions.get(ref.value) : undefined;
}

function raise(run: CatalogRun, v: TomlString | undefined, target: VersionTarget | undefined, at: number): void {
  if (!v || !target || !target.applies(v.value)) return;
  run.out.replace(v.start, v.end, target.version, target.rule);
  if (target.rule === 'build/boot-version' && isLower(v.value, '2.7.0')) run.out.report('build/boot-version', 'info', at, `Spring Boot was ${v.value}: the guide asks to upgrade to the latest 2.7.x first, then to 3.0`);
}

function plugin(run: CatalogRun, e: TomlEntry): void {
  const named = e.value.kind === 'string' ? /^([^:]+):/.exec(e.value.value)?.[1] : e.value.kind === 'table' ? str(e.value.fields.get('id'))?.value : undefined;
  const unserved = named ? unservedPlugin(run.facts, named) : undefined;
  if (unserved) return run.out.report('build/kotlin-version', 'warning', e.keyStart, unserved);
  if (e.value.kind === 'string') {
    // "id:version"
    const m = /^([^:]+):(.+)$/.exec(e.value.value);
    if (!m) return;
    const start = e.value.start + m[1]!.length + 1;
    raise(run, { kind: 'string', value: m[2]!, start, end: e.value.end }, targetForPlugin(run.facts, m[1]!), e.keyStart);
    return;
  }
  if (e.value.kind !== 'table') return;
  const id = str(e.value.fields.get('id'));
  if (id) raise(run, versionOf(run, e.value.fields), targetForPlugin(run.facts, id.value), e.keyStart);
}

function library(run: CatalogRun, e: TomlEntry): void {
  if (e.value.kind === 'string') return libraryString(run, e, e.value);
  if (e.value.kind !== 'table') return;
  const { fields } = e.value;
  const module = str(fields.get('module'));
  const group = str(fields.get('group'));
  const name = str(fields.get('name'));
  const [g, a] = module ? module.value.split(':') : [group?.value, name?.value];
  if (!g || !a) return;
  const version = versionOf(run, fields);
  const inline = str(fields.get('version'));
  raise(run, version, targetForCoordinate(run.facts, g, a), e.keyStart);
  cloudTrain(run, `${g}:${a}`, version, inline ? undefined : str(fields.get('version.ref'))?.value, e.keyStart);
  const row = rowFor(run.facts, g, a);
  if (!row) return catalogLibrary(run, e, g, a, module ? [module] : [group!, name!], inline, version);
  const key = `${g}:${a}`;
  if (row.action === 'rename' && row.to) {
    if (module) replace(run, module, `${row.to.groupId}:${row.to.artifactId}`);
    else {
      replace(run, group!, row.to.groupId);
      replace(run, name!, row.to.artifactId);
    }
    const managed = run.facts.managedTarget.get(`${row.to.groupId}:${row.to.artifactId}`) ?? run.facts.targetVersions.get(`${row.to.groupId}:${row.to.artifactId}`)?.version;
    if (inline && managed) replace(run, inline, managed);
    else if (version) run.out.report('build/coordinates', 'warning', e.keyStart, `${key} was renamed to ${coordinateText(row.to)}: its version (${version.value}) belonged to the old artifact; ${managed ? `Boot 3.0 manages ${managed}` : 'choose a version that exists'}${inline ? '' : ' (the [versions] entry may be shared: not changed)'}`);
    if (row.to.classifier) run.out.report('build/coordinates', 'warning', e.keyStart, `${coordinateText(row.to)}: a catalog entry cannot carry a classifier; add it where the library is used`);
    return;
  }
  if (row.action === 'needs-version') {
    const managed = run.facts.managedTarget.get(key);
    if (managed) {
      if (inline && isLower(inline.value, managed)) replace(run, inline, managed, 'build/needs-version');
      return;
    }
    if (!version && row.boot27?.version) run.out.insert(insertionBeforeBrace(run, e.value.close), `, version = "${row.boot27.version}"`, 'build/needs-version');
    run.out.report('build/needs-version', 'warning', e.keyStart, unmanaged(run.facts, key, row));
    return;
  }
  findingFor(run, row, e.keyStart);
}

function libraryString(run: CatalogRun, e: TomlEntry, s: TomlString): void {
  const [g, a, v] = s.value.split(':');
  if (!g || !a) return;
  const vStart = s.start + g.length + 1 + a.length + 1;
  if (v) raise(run, { kind: 'string', value: v, start: vStart, end: vStart + v.length }, targetForCoordinate(run.facts, g, a), e.keyStart);
  if (v) cloudTrain(run, `${g}:${a}`, { kind: 'string', value: v, start: vStart, end: vStart + v.length }, undefined, e.keyStart);
  const row = rowFor(run.facts, g, a);
  if (!row) return catalogLibrary(run, e, g, a, [s], v ? { kind: 'string', value: v, start: vStart, end: vStart + v.length } : undefined, undefined);
  const key = `${g}:${a}`;
  if (row.action === 'rename' && row.to) {
    run.out.replace(s.start, s.start + key.length, `${row.to.groupId}:${row.to.artifactId}`, 'build/coordinates');
    const managed = run.facts.managedTarget.get(`${row.to.groupId}:${row.to.artifactId}`) ?? run.facts.targetVersions.get(`${row.to.groupId}:${row.to.artifactId}`)?.version;
    if (v && managed && v !== managed) run.out.replace(vStart, vStart + v.length, managed, 'build/coordinates');
    else if (v && !managed) run.out.report('build/coordinates', 'warning', e.keyStart, `${key} was renamed to ${coordinateText(row.to)}: version ${v} belonged to the old artifact; choose a version that exists`);
    return;
  }
  if (row.action === 'needs-version') {
    const managed = run.facts.managedTarget.get(key);
    if (managed) {
      if (v && isLower(v, managed)) run.out.replace(vStart, vStart + v.length, managed, 'build/needs-version');
      return;
    }
    if (!v && row.boot27?.version) run.out.insert(s.end, `:${row.boot27.version}`, 'build/needs-version');
    run.out.report('build/needs-version', 'warning', e.keyStart, unmanaged(run.facts, key, row));
    return;
  }
  findingFor(run, row, e.keyStart);
}

/**
 * spring-cloud-dependencies below the train Boot 3.0 needs (build/spring-cloud-train): an inline
 * version is raised; a [versions] entry only when this BOM is its one user, else reported.
 */
function cloudTrain(run: CatalogRun, key: string, version: TomlString | undefined, ref: string | undefined, at: number): void {
  const bom = run.facts.boms.get(key);
  if (!bom?.cloud || !version || !bom.below(version.value)) return;
  if (ref !== undefined && (run.refUses.get(ref) ?? 0) > 1) {
    run.out.report(bom.rule, 'warning', at, trainKept(run.facts, version.value, `[versions] ${ref}`, `${ref} also versions other entries`, bom));
    return;
  }
  run.out.replace(version.start, version.end, bom.version, bom.rule);
  run.out.report(bom.rule, 'info', at, trainRaised(run.facts, version.value, ref === undefined ? undefined : `[versions] ${ref}`, bom));
}

/**
 * build/library and build/spring-cloud-module in a catalog: `names` is [module] or [group, name]
 * (for the string form, the whole "g:a:v" string, whose first part is renamed); an inline version
 * is raised, a [versions] reference reported (it may be shared).
 */
function catalogLibrary(run: CatalogRun, e: TomlEntry, g: string, a: string, names: TomlString[], inline: TomlString | undefined, ref: TomlString | undefined): void {
  const row = libraryFor(run.facts, g, a);
  const key = `${g}:${a}`;
  if (!row) {
    const cloud = cloudModuleMessage(run.facts, g, a);
    if (cloud) run.out.report(CLOUD_MODULE_RULE, 'error', e.keyStart, cloud);
    return;
  }
  if (row.action === 'manual') {
    if (manualApplies(row, (inline ?? ref)?.value)) run.out.report(LIBRARY_RULE, row.kept ?? 'warning', e.keyStart, libraryMessage(row, key));
    return;
  }
  if (!inline) {
    // a [versions] entry may be shared, and no version means something else manages it: new coordinates would not resolve
    if (row.action === 'rename' || (ref && libraryVersion(row, ref.value))) run.out.report(LIBRARY_RULE, 'error', e.keyStart, libraryVariableMessage(row, key, ref ? `its [versions] entry (${ref.value})` : 'outside the catalog (no version here)'));
    return;
  }
  if (row.action === 'rename' && row.to) {
    const [first, second] = names;
    if (second) {
      replace(run, first!, row.to.groupId, LIBRARY_RULE);
      replace(run, second, row.to.artifactId, LIBRARY_RULE);
    } else run.out.replace(first!.start, first!.start + key.length, `${row.to.groupId}:${row.to.artifactId}`, LIBRARY_RULE);
  }
  const to = libraryVersion(row, inline.value);
  if (to) run.out.replace(inline.start, inline.end, to, LIBRARY_RULE);
  if (to || row.action === 'rename') run.out.report(LIBRARY_RULE, 'info', e.keyStart, libraryMessage(row, key, inline.value));
}

function replace(run: CatalogRun, s: TomlString, value: string, rule = 'build/coordinates'): void {
  if (s.value !== value) run.out.replace(s.start, s.end, value, rule);
}

function unmanaged(facts: BuildFacts, key: string, row: NonNullable<ReturnType<typeof rowFor>>): string {
  return `${key} is no longer managed by ${bootLine(facts)}${managedBefore(facts, row)}. ${row.note}`;
}

function findingFor(run: CatalogRun, row: NonNullable<ReturnType<typeof rowFor>>, at: number): void {
  if (row.action === 'manual') run.out.report('build/removed-integration', 'warning', at, rowMessage(row));
  else if (row.action === 'remove') run.out.report('build/removed-dependency', 'warning', at, `remove this library: ${rowMessage(row)}`);
}


/** Just after the last non-space character before `}` (keeps `{ module = "g:a" }` spacing). */
function insertionBeforeBrace(run: CatalogRun, close: number): number {
  let i = close;
  while (i > 0 && (run.text[i - 1] === ' ' || run.text[i - 1] === '\t')) i--;
  return i;
}
