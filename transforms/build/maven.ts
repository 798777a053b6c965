// build/maven: upgrades a pom.xml to Spring Boot 3.0 by splicing values at their offsets (saxes
// spans), never by re-printing: Boot version (parent, BOM import, properties, plugin), Java 17,
// coordinate renames, versions for artifacts Boot no longer manages, version-override
// properties, Jetty's servlet version, the removed `fork` parameter, removed integrations and,
// on request, the properties migrator. ${...} is resolved within the pom and its in-repo parents.
import { pluginConfigurations } from '../../src/formats/pom.js';
import { detectEol } from '../../src/engine/text.js';
import type { FilePass, PassContext, PassResult, SourceFile } from '../../src/engine/types.js';
import { child, childrenNamed, elementLineSpan, indentUnit, lineIndent, localName, textValue, valueSpan, type XmlElement } from '../../src/formats/xml.js';
import { bootLine, buildFacts, compareVersions, managedBefore, isBoot2, isLower, javaLevel, keptVersionSeverity, libraryFor, rowFor, rowMessage, targetRelease, type BomTarget, type BuildFacts } from './facts.js';
import { trainRaised } from './spring-cloud.js';
import { HAND_VERSIONED_RULE, handVersionedGroupTarget, handVersionedMessage, handVersionedTarget, isNewLine, PINNED_LINE_RULE, pinnedLineMessage } from './hand-versioned.js';
import { LIBRARY_RULE, libraryTarget } from './libraries.js';
import { DEPENDENCY_RULES, PassOutput } from './out.js';
import {
  addUses,
  buildPomModel,
  chain,
  findProperty,
  inRepoParent,
  isBootManaged,
  locallyManaged,
  propertyUses,
  resolveValue,
  singleProperty,
  type DepRef,
  type PomModel,
  type PropertyUse,
} from './pom-model.js';
import { decideVersionProperty } from './version-property.js';
import { springfoxSwitchOn, switchMavenSpringfox } from './springfox-build.js';
import { httpClientDecision, httpClientKeptMessage, switchMavenHttpClient } from './httpclient-build.js';
import { CLASS_NAMES_RULE, isKotlinMavenPlugin, JVM_TARGET_RULE, mavenPluginOptions } from './kotlin-plugins.js';
import { mavenJvmTarget } from './maven-kotlin.js';
import { cloudTrainImport, handVersioned, handVersionedBom } from './maven-trains.js';
import { mavenFlywayModules } from './flyway-modules.js';
import { inheritedJavaLevel } from './inherited-java.js';
import { mavenParameters } from './parameters.js';
import { otherCoordinate } from './maven-libraries.js';
import { rename, renameApplies } from './maven-renames.js';
import { JAKARTA_LINE_RULE, javaxLineMessage, javaxLinePropertyTarget } from './jakarta-line.js';
import { mavenJakartaApis } from './maven-jakarta-apis.js';
import { mavenCodeGenerators } from './maven-code-generators.js';
import type { CoordinateRow } from '../../src/table/sections/build.js';
import { CODE_GENERATOR_RULE, openApiGeneratorMaven } from './code-generators.js';

export const MAVEN_RULES = [...DEPENDENCY_RULES, 'build/maven-plugin-fork', 'build/xml-entity', 'build/imported-bom', CLASS_NAMES_RULE, JVM_TARGET_RULE, CODE_GENERATOR_RULE];

export interface PomRun {
  text: string;
  eol: string;
  facts: BuildFacts;
  model: PomModel;
  models: PomModel[];
  bootManaged: boolean;
  /** The chain already declares Boot 3.x: the 2.7 -> 3.0 version rules stay silent. */
  boot3: boolean;
  /** build/sleuth-tracing added the actuator starter in this run (once per pom). */
  actuatorAdded?: boolean;
  out: PassOutput;
  ctx: PassContext;
}

export const mavenPass: FilePass = {
  id: 'build/maven',
  description: 'pom.xml: Boot 3.0 version, Java 17, coordinates, versions, properties, plugins',
  kinds: ['pom'],
  rules: MAVEN_RULES,
  async init(ctx) {
    targetRelease(ctx.table, ctx.options.bootVersion); // a wrong --boot-version fails before any file
  },
  prefilter: (text) => text.includes('<project'),
  settles: true, // test/settles-config.test.ts
  run: migratePom,
};

export function migratePom(file: SourceFile, ctx: PassContext): PassResult {
  const facts = buildFacts(ctx);
  const model = buildPomModel(file.path, file.text);
  const parent = inRepoParent(ctx.project, model);
  const models = [model, ...(parent ? chain(ctx.project, parent) : [])];
  const run: PomRun = { text: file.text, eol: detectEol(file.text), facts, model, models, bootManaged: isBootManaged(models, facts), boot3: onBoot3(models, facts), out: new PassOutput(), ctx };
  reportEntities(run);
  bootParent(run);
  properties(run);
  for (const dep of model.deps) dependency(run, dep);
  mavenJakartaApis(run);
  const generated = mavenCodeGenerators(run);
  for (const dep of model.deps) openApiGeneratorMaven(run.text, dep, run.out, generated);
  compilerPlugin(run);
  inheritedJavaLevel(run, addProperties);
  if (run.bootManaged) enforcerJavaRange(run);
  mavenJvmTarget(run);
  for (const dep of model.deps) if (dep.kind === 'plugin' && isKotlinMavenPlugin(run.text, dep.artifactId)) mavenPluginOptions(run.text, dep.el, ctx.table, run.out);
  if (!run.boot3) jetty(run);
  mavenFlywayModules(run);
  mavenParameters(run, addProperty);
  propertiesMigrator(run);
  return run.out.result();
}

/** Boot's version in the chain (parent, BOM import, spring-boot.version) is already 3.x. */
function onBoot3(models: PomModel[], facts: BuildFacts): boolean {
  const boot = facts.section.boot;
  const versions: (string | undefined)[] = [];
  for (const m of models) {
    if (m.parent?.groupId === boot.groupId && boot.parents.includes(m.parent.artifactId ?? '')) versions.push(textValue(m.text, m.parent.version));
    for (const d of m.deps) {
      if (d.kind === 'managed-dependency' && textValue(m.text, d.groupId) === boot.groupId && textValue(m.text, d.artifactId) === boot.bom) versions.push(textValue(m.text, d.version));
    }
  }
  versions.push('${spring-boot.version}');
  return versions.some((raw) => {
    const v = resolveValue(models, raw);
    return v !== undefined && !v.includes('${') && compareVersions(v, '3.0.0') !== undefined && !isBoot2(v);
  });
}

function reportEntities(run: PomRun): void {
  const { doc } = run.model;
  if (!doc.entityRefs.length) return;
  const at = Math.max(0, run.text.indexOf('<!DOCTYPE'));
  const names = [...new Set(doc.entityRefs)].map((n) => `&${n};`).join(', ');
  run.out.report('build/xml-entity', 'warning', at, `the pom uses entities declared in its DOCTYPE (${names}); they are never expanded: values that use them are left unchanged, check them by hand`);
}

/** Replaces the text of a leaf element; reports when the value is not plain text. */
export function setValue(run: PomRun, el: XmlElement, value: string, rule: string, what: string): void {
  const span = valueSpan(run.text, el);
  if (!span) {
    // a version the run must raise and cannot (Boot, Java 17, Kotlin, the Cloud train): as migrated it does not build
    run.out.report(rule, keptVersionSeverity(rule), el.start, `${what} is not plain text (entity or markup); set it to ${value} by hand`);
    return;
  }
  if (run.text.slice(span.start, span.end) !== value) run.out.replace(span.start, span.end, value, rule);
}

/** A version element of a Boot coordinate: literal -> target; ${p} not defined in the repository -> report. */
function bootVersion(run: PomRun, versionEl: XmlElement | undefined, what: string): void {
  if (!versionEl) return;
  const raw = textValue(run.text, versionEl);
  const target = run.facts.target.version;
  if (raw === undefined) {
    run.out.report('build/xml-entity', 'error', versionEl.start, `${what} version is not plain text (entity or markup); not expanded: set it to ${target} by hand`);
    return;
  }
  const prop = singleProperty(raw);
  if (prop) {
    if (!findProperty(run.models, prop)) run.out.report('build/boot-version', 'error', versionEl.start, `${what} version comes from \${${prop}}, which is not defined in the repository; set it to ${target}`);
    return; // the pom that defines it updates the property
  }
  if (raw.includes('${')) return;
  if (isBoot2(raw)) {
    setValue(run, versionEl, target, 'build/boot-version', `${what} version`);
    if (isLower(raw, '2.7.0')) run.out.report('build/boot-version', 'info', versionEl.start, `${what} was ${raw}: the guide asks to upgrade to the latest 2.7.x first, then to 3.0`);
  }
}

function bootParent(run: PomRun): void {
  const p = run.model.parent;
  const boot = run.facts.section.boot;
  if (p && p.groupId === boot.groupId && boot.parents.includes(p.artifactId ?? '')) bootVersion(run, p.version, `parent ${p.artifactId}`);
}

/** Properties defined in this pom, decided by name and by how this pom and its modules use them. */
function properties(run: PomRun): void {
  const { facts, model, text } = run;
  const uses = usesOfThisPom(run);
  const boot = facts.section.boot;
  for (const el of model.propertyElements) {
    const name = el.name;
    const value = textValue(text, el);
    if (value === undefined || value.includes('${') || value === '') continue;
    const used = uses.get(name) ?? [];
    if (facts.section.java.properties.includes(name)) {
      const level = javaLevel(value);
      if (level !== undefined && level < facts.java) setValue(run, el, String(facts.java), 'build/java-version', name);
      continue;
    }
    if (name === 'spring-boot.version' || used.some((u) => u.groupId === boot.groupId)) {
      if (isBoot2(value)) setValue(run, el, facts.target.version, 'build/boot-version', name);
      continue;
    }
    if (run.boot3) continue; // Java level above; every other property rule is a 2.7 -> 3.0 version
    const deciding = decidingUses(facts, used, value);
    const bom = importedBomOf(facts, used);
    if (bom && !run.bootManaged && !bom.cloud && handVersioned(run, uses) && isNewLine(value, bom.version)) {
      setValue(run, el, bom.version, HAND_VERSIONED_RULE, name);
      run.out.report(HAND_VERSIONED_RULE, 'info', el.start, handVersionedMessage(facts, name, value, bom.version, `${bom.row.groupId}:${bom.row.artifactId}`));
      continue;
    }
    if (bom && (run.bootManaged || bom.cloud)) {
      if (bom.below(value)) {
        setValue(run, el, bom.version, bom.rule, name);
        if (bom.cloud) run.out.report(bom.rule, 'info', el.start, trainRaised(facts, value, `<${name}>`, bom));
        else run.out.report(bom.rule, 'info', el.start, `${name} = ${value} versions ${used.map((u) => `${u.groupId}:${u.artifactId}`)[0]}, a BOM whose versions override the ones Spring Boot ${facts.target.version} manages; raised to ${bom.version}, the version Boot imports`);
      }
      continue;
    }
    const jettyRow = facts.section.jetty;
    if (jettyRow && name === jettyRow.property && hasJetty(run)) {
      setValue(run, el, jettyRow.value, 'build/jetty-servlet', name);
      continue;
    }
    if (name === boot.kotlin.versionProperty || used.some((u) => u.groupId === boot.kotlin.groupId)) {
      if (isLower(value, facts.target.kotlin)) setValue(run, el, facts.target.kotlin, 'build/kotlin-version', name);
      continue;
    }
    const javaxLine = javaxLinePropertyTarget(run.ctx, deciding, value);
    if (javaxLine) {
      setValue(run, el, javaxLine.version, JAKARTA_LINE_RULE, name);
      run.out.report(JAKARTA_LINE_RULE, 'info', el.start, javaxLineMessage(`<${name}>`, value, javaxLine));
      continue;
    }
    const hand = !run.bootManaged && deciding.length > 0 && handVersioned(run, uses);
    const byName = hand ? handVersionedTarget(facts, name, value) : undefined;
    const handTarget = byName ? { library: facts.props.get(name)!.library, version: byName } : hand ? handVersionedGroupTarget(facts, deciding, value) : undefined;
    if (handTarget) {
      setValue(run, el, handTarget.version, HAND_VERSIONED_RULE, name);
      run.out.report(HAND_VERSIONED_RULE, 'info', el.start, handVersionedMessage(facts, name, value, handTarget.version, handTarget.library));
      continue;
    }
    if (run.bootManaged && facts.props.has(name)) {
      const decision = decideVersionProperty(facts, name, value);
      if (decision?.kind === 'update') {
        setValue(run, el, decision.to, 'build/version-property', name);
        run.out.report('build/version-property', 'info', el.start, `${decision.message}: override updated; remove it to follow Boot`);
      }
      else if (decision) run.out.report('build/version-property', 'warning', el.start, decision.message);
      continue;
    }
    const pinned = run.bootManaged && deciding.length > 0 ? handVersionedGroupTarget(facts, deciding, value) : undefined;
    if (pinned) {
      setValue(run, el, pinned.version, PINNED_LINE_RULE, name);
      run.out.report(PINNED_LINE_RULE, 'info', el.start, pinnedLineMessage(facts, name, value, pinned));
      continue;
    }
    const libVersion = libraryTarget(facts, deciding, value);
    if (libVersion) {
      setValue(run, el, libVersion, LIBRARY_RULE, name);
      continue;
    }
    const expected = expectedVersion(facts, deciding, value);
    // the old artifact's version says nothing of the new one's line: a renamed reader takes the new version, higher or lower
    const renamedReader = deciding.map((u) => renamedUse(facts, u, value)).find((r) => r !== undefined);
    if (expected && (renamedReader ? value !== expected : isLower(value, expected))) {
      setValue(run, el, expected, 'build/needs-version', name);
      if (renamedReader) run.out.report('build/needs-version', 'info', el.start, `<${name}> = ${value} versioned ${renamedReader.from.groupId}:${renamedReader.from.artifactId}, renamed to ${renamedReader.to!.groupId}:${renamedReader.to!.artifactId}, whose versions are not the old artifact's: set to ${expected}${facts.managedTarget.get(`${renamedReader.to!.groupId}:${renamedReader.to!.artifactId}`) === expected ? `, the version Spring Boot ${facts.target.version} manages` : ''}`);
      else if (run.bootManaged) run.out.report('build/needs-version', 'info', el.start, `<${name}> = ${value} versions ${deciding.map((u) => `${u.groupId}:${u.artifactId}`).join(', ')} below ${expected}, the version Spring Boot ${facts.target.version} manages: raised to it (remove the pin to follow Boot)`);
    }
  }
}

/** A use of a version property by coordinates this run renames (to another group: a group's own renames share its version line). */
function renamedUse(facts: BuildFacts, u: PropertyUse, value: string | undefined): CoordinateRow | undefined {
  const row = u.kind === 'exclusion' ? undefined : rowFor(facts, u.groupId, u.artifactId);
  return row?.action === 'rename' && row.to && row.from.groupId !== row.to.groupId && renameApplies(row, value) ? row : undefined;
}

/**
 * The uses of a property that decide its value: all of them when they agree on one version;
 * otherwise the ones that keep reading it. A renamed use whose new artifact has a version the data
 * knows leaves it (renamedPropertyVersion writes that version, or drops it under Boot's management),
 * so jaxb.version read by jaxb-api, jaxb-impl and jaxb-runtime is decided by jaxb-runtime alone.
 */
export function decidingUses(facts: BuildFacts, used: PropertyUse[], value: string | undefined): PropertyUse[] {
  if (expectedVersion(facts, used, value) !== undefined) return used;
  return used.filter((u) => {
    const row = renamedUse(facts, u, value);
    return !row || !(facts.managedTarget.has(`${row.to!.groupId}:${row.to!.artifactId}`) || facts.targetVersions.has(`${row.to!.groupId}:${row.to!.artifactId}`));
  });
}

/** The BOM target, when every use of a property is an import of one BOM whose version moves (Boot's imports, Spring Cloud's). */
export function importedBomOf(facts: BuildFacts, used: PropertyUse[]): BomTarget | undefined {
  const keys = new Set(used.map((u) => `${u.groupId}:${u.artifactId}`));
  if (keys.size !== 1 || used.some((u) => u.kind !== 'managed-dependency')) return undefined;
  return facts.boms.get([...keys][0]!);
}

/** The uses of this pom's properties: other poms' (as scanned) plus this pom's own, from its current text. */
export function usesOfThisPom(run: PomRun): Map<string, PropertyUse[]> {
  const fromProject = propertyUses(run.ctx.project).get(run.model.path) ?? new Map<string, PropertyUse[]>();
  const own = new Map<string, Map<string, PropertyUse[]>>();
  addUses(own, run.models);
  const merged = new Map<string, PropertyUse[]>();
  for (const [name, list] of fromProject) merged.set(name, list.filter((u) => u.pom !== run.model.path));
  for (const [name, list] of own.get(run.model.path) ?? []) merged.set(name, [...(merged.get(name) ?? []), ...list]);
  return merged;
}

/** The one version Boot 3.0 manages for every coordinate that uses a property (before or after its rename). */
export function expectedVersion(facts: BuildFacts, used: PropertyUse[], value?: string): string | undefined {
  const versions = new Set<string | undefined>();
  for (const u of used) {
    const key = `${u.groupId}:${u.artifactId}`;
    const row = rowFor(facts, u.groupId, u.artifactId);
    const target = row?.action === 'rename' && row.to && renameApplies(row, value) ? `${row.to.groupId}:${row.to.artifactId}` : key;
    versions.add(row || facts.managedTarget.has(key) ? (facts.managedTarget.get(target) ?? facts.targetVersions.get(target)?.version) : undefined);
  }
  return versions.size === 1 ? [...versions][0] : undefined;
}

function coordinates(run: PomRun, dep: DepRef): { g?: string; a?: string } {
  const g = resolveValue(run.models, textValue(run.text, dep.groupId)) ?? (dep.kind === 'plugin' && !dep.groupId ? 'org.apache.maven.plugins' : undefined);
  return { g, a: resolveValue(run.models, textValue(run.text, dep.artifactId)) };
}

function dependency(run: PomRun, dep: DepRef): void {
  const { facts } = run;
  const { g, a } = coordinates(run, dep);
  if (!g || !a) return;
  const httpclient = dep.kind !== 'exclusion' ? httpClientDecision(run.ctx, g, a) : undefined;
  if (httpclient?.on) return switchMavenHttpClient(run, dep, httpclient);
  if (httpclient?.factory) run.out.report(LIBRARY_RULE, 'error', dep.el.start, httpClientKeptMessage(httpclient));
  const boot = facts.section.boot;
  if (dep.kind !== 'exclusion' && g === boot.groupId) {
    bootVersion(run, dep.version, `${g}:${a}`);
    if (dep.kind === 'plugin' && a === boot.mavenPlugin) removeFork(run, dep.el);
  }
  if (run.boot3) return boot3Dependency(run, dep, g, a);
  if (dep.kind !== 'exclusion' && g === boot.kotlin.groupId) kotlinVersion(run, dep);
  if (dep.kind === 'managed-dependency') importedBom(run, dep, `${g}:${a}`);
  const row = rowFor(facts, g, a);
  if (!row) return otherCoordinate(run, dep, g, a);
  switch (row.action) {
    case 'rename':
      return rename(run, dep, row);
    case 'needs-version':
      return needsVersion(run, dep, row, `${g}:${a}`);
    case 'manual':
      return manual(run, dep, row, `${g}:${a}`);
    case 'remove':
      return removeDependency(run, dep, row);
  }
}

function manual(run: PomRun, dep: DepRef, row: Row, key: string): void {
  if (dep.kind === 'exclusion') return;
  const broken = unresolvable(run, dep, key) || raisedVersion(run, dep);
  run.out.report('build/removed-integration', broken ? 'error' : 'warning', dep.el.start, broken + rowMessage(row));
}

/**
 * The version is the property of a library Boot 3.0 manages (${jetty.version}): the run raises it
 * to the 3.0 version, which does not publish every artifact of the old one. The finding's opening
 * words, or ''.
 */
function raisedVersion(run: PomRun, dep: DepRef): string {
  const raw = dep.version ? textValue(run.text, dep.version) : undefined;
  const prop = raw && /^\$\{([^}]+)\}$/.exec(raw.trim())?.[1];
  if (!prop || !run.facts.section.versionProperties.some((p) => p.property === prop && p.version30 !== undefined)) return '';
  return `its version is \${${prop}}, which follows Spring Boot ${run.facts.target.version}'s version of the library: the build will not resolve while it stays. `;
}

/**
 * A dependency without <version> that nothing will manage: Boot 2.7 did, Boot 3.0 does not, and the
 * build's own <dependencyManagement> has no entry for it. Maven refuses such a build ('version is
 * missing'): the finding's opening words, or '' when it resolves.
 */
function unresolvable(run: PomRun, dep: DepRef, key: string): string {
  if (dep.version || (dep.kind !== 'dependency' && dep.kind !== 'plugin') || !run.bootManaged || run.facts.managedTarget.has(key) || locallyManaged(run.models).has(key)) return '';
  // another BOM the build imports may manage it; Spring's own BOMs manage only their own groups
  const group = key.slice(0, key.indexOf(':'));
  // (Boot's own BOM is what managedTarget already answered for)
  const boot = run.facts.section.boot;
  const imports = run.models.flatMap((m) =>
    m.deps
      .filter((d) => d.kind === 'managed-dependency' && textValue(m.text, d.scope) === 'import')
      .filter((d) => !(resolveValue(run.models, textValue(m.text, d.groupId)) === boot.groupId && resolveValue(run.models, textValue(m.text, d.artifactId)) === boot.bom))
      .map((d) => resolveValue(run.models, textValue(m.text, d.groupId)) ?? ''),
  );
  if (imports.some((g) => !g.startsWith('org.springframework') || group.startsWith(g))) return '';
  return `no <version>, and Spring Boot ${run.facts.target.version} no longer manages it: the build will not resolve until it has one or is replaced. `;
}

/**
 * On a build already on Boot 3.x only what is wrong under every 3.x stays: renamed coordinates
 * (their version is the build's own), removed dependencies and integrations. Versions compared
 * with what 3.0 manages (needs-version, overrides, Kotlin, Jetty, BOMs) say nothing about 3.x.
 */
function boot3Dependency(run: PomRun, dep: DepRef, g: string, a: string): void {
  // springfox -> springdoc is decided for the whole run, Boot 2 or 3 parent alike
  const lib = dep.kind !== 'exclusion' ? libraryFor(run.facts, g, a) : undefined;
  const switched = lib && springfoxSwitchOn(run.ctx, lib);
  if (switched) return switchMavenSpringfox(run, dep, switched);
  // a library whose Boot 2 artifact cannot run on any 3.x (springfox) is wrong on a migrated build too: check after migrate says so
  if (lib?.action === 'manual' && dep.kind !== 'exclusion') return otherCoordinate(run, dep, g, a);
  const row = rowFor(run.facts, g, a);
  if (row?.action === 'rename') return rename(run, dep, row);
  if (row?.action === 'manual') manual(run, dep, row, `${g}:${a}`);
  if (row?.action === 'remove') removeDependency(run, dep, row);
}

/** A lower version of a BOM Boot 3.0 imports: its versions override Boot's; say whether it comes before Boot's import. */
function importedBom(run: PomRun, dep: DepRef, key: string): void {
  const bom = run.facts.boms.get(key);
  const scope = textValue(run.text, dep.scope);
  if (bom && !run.bootManaged && !bom.cloud && dep.version && (scope === undefined || scope === 'import')) return handVersionedBom(run, dep, bom, key);
  if (!bom || !(run.bootManaged || bom.cloud) || !dep.version || (scope !== undefined && scope !== 'import')) return;
  const raw = textValue(run.text, dep.version);
  if (raw === undefined) return;
  const value = resolveValue(run.models, raw);
  if (value === undefined || value.includes('${') || !bom.below(value)) return;
  const prop = singleProperty(raw);
  if (bom.cloud) return cloudTrainImport(run, dep, bom, raw, value, prop);
  const boot = run.facts.section.boot;
  const bootImport = run.model.deps.find((d) => d.kind === 'managed-dependency' && textValue(run.text, d.groupId) === boot.groupId && textValue(run.text, d.artifactId) === boot.bom);
  const order = !bootImport ? ` (imported in this pom, Spring Boot's through the parent: this one wins)` : bootImport.el.start > dep.el.start ? ` (imported before spring-boot-dependencies: the first import wins, so this one overrides Boot's)` : '';
  if (prop) {
    // the pom that defines the property raises it when this BOM is its only user; else it stays the user's
    if (importedBomOf(run.facts, usesOfProperty(run, prop)) === undefined) {
      run.out.report('build/imported-bom', 'warning', dep.el.start, `${key} ${value} (${bom.row.library}, from \${${prop}})${order} overrides the versions Spring Boot ${run.facts.target.version} manages; Boot imports ${bom.version}: raise it or remove the import`);
    }
    return;
  }
  if (raw.includes('${')) return;
  setValue(run, dep.version, bom.version, 'build/imported-bom', `${key} version`);
  run.out.report('build/imported-bom', 'info', dep.el.start, `${key} ${value} (${bom.row.library})${order} overrode the versions Spring Boot ${run.facts.target.version} manages; raised to ${bom.version}, the version Boot imports (remove the import to follow Boot)`);
}

/** Every use of property `name` as decided where it is defined (undefined there: not in the repository). */
export function usesOfProperty(run: PomRun, name: string): PropertyUse[] {
  const def = findProperty(run.models, name);
  if (!def) return [];
  if (def.model.path === run.model.path) return usesOfThisPom(run).get(name) ?? [];
  return propertyUses(run.ctx.project).get(def.model.path)?.get(name) ?? [];
}

function kotlinVersion(run: PomRun, dep: DepRef): void {
  const v = textValue(run.text, dep.version);
  if (v && !v.includes('${') && isLower(v, run.facts.target.kotlin)) setValue(run, dep.version!, run.facts.target.kotlin, 'build/kotlin-version', 'Kotlin version');
}

type Row = NonNullable<ReturnType<typeof rowFor>>;

function needsVersion(run: PomRun, dep: DepRef, row: Row, key: string): void {
  if (dep.kind === 'exclusion') return;
  const managed = run.facts.managedTarget.get(key);
  if (managed) {
    // Same coordinates, new major under Boot 3.0: a literal pin of the EE 8 line must move.
    const v = textValue(run.text, dep.version);
    if (dep.version && v && !v.includes('${') && isLower(v, managed)) setValue(run, dep.version, managed, 'build/needs-version', 'version');
    return;
  }
  const known = row.boot27?.version;
  if (!dep.version && (dep.kind === 'dependency' || dep.kind === 'plugin') && run.bootManaged && !locallyManaged(run.models).has(key) && dep.artifactId) {
    if (known) {
      insertAfter(run, dep.artifactId, `<version>${known}</version>`, 'build/needs-version');
      run.out.report('build/needs-version', 'warning', dep.el.start, unmanagedMessage(run.facts, key, row));
    } else {
      run.out.report('build/needs-version', 'error', dep.el.start, `${key} is no longer managed by ${bootLine(run.facts)} and the data knows no version: add one. ${row.note}`);
    }
    return;
  }
  run.out.report('build/needs-version', 'warning', dep.el.start, unmanagedMessage(run.facts, key, row));
}

/** One text whether the version was added now or is already there (rounds and re-runs agree). */
function unmanagedMessage(facts: BuildFacts, key: string, row: Row): string {
  return `${key} is no longer managed by ${bootLine(facts)}${managedBefore(facts, row)}. ${row.note}`;
}

function removeDependency(run: PomRun, dep: DepRef, row: Row): void {
  if (dep.kind !== 'dependency' && dep.kind !== 'managed-dependency') return;
  const span = elementLineSpan(run.text, dep.el);
  run.out.replace(span.start, span.end, '', 'build/removed-dependency');
  run.out.report('build/removed-dependency', 'info', dep.el.start, `removed ${rowMessage(row)}`);
}

/** The `fork` parameter of spring-boot-maven-plugin (plugin and execution configuration) is gone in 3.0. */
function removeFork(run: PomRun, plugin: XmlElement): void {
  const configs = pluginConfigurations(plugin);
  const { parameter, note } = run.facts.section.mavenPluginFork;
  for (const config of configs) {
    for (const fork of childrenNamed(config, parameter)) {
      const span = elementLineSpan(run.text, fork);
      run.out.replace(span.start, span.end, '', 'build/maven-plugin-fork');
      run.out.report('build/maven-plugin-fork', 'info', fork.start, `spring-boot-maven-plugin <${parameter}> removed (${note}): spring-boot:run and spring-boot:start always fork in Boot 3.0`);
    }
  }
}

/** maven-compiler-plugin <source>/<target>/<release> literals below 17. */
function compilerPlugin(run: PomRun): void {
  for (const dep of run.model.deps) {
    if (dep.kind !== 'plugin' || textValue(run.text, dep.artifactId) !== 'maven-compiler-plugin') continue;
    const configs = pluginConfigurations(dep.el);
    for (const config of configs) {
      for (const el of config?.children ?? []) {
        if (!['source', 'target', 'release'].includes(localName(el.name))) continue;
        const level = javaLevel(textValue(run.text, el) ?? '');
        if (level !== undefined && level < run.facts.java) setValue(run, el, String(run.facts.java), 'build/java-version', el.name);
      }
    }
  }
}

/**
 * maven-enforcer-plugin's requireJavaVersion with an upper bound below Java 17 (`[${java.version}, 12)`):
 * Boot 3.0 builds with Java 17, which the rule then refuses (and with java.version raised the
 * range itself becomes invalid). Reported at the range: the bound is the team's choice.
 */
function enforcerJavaRange(run: PomRun): void {
  for (const dep of run.model.deps) {
    if (dep.kind !== 'plugin' || textValue(run.text, dep.artifactId) !== 'maven-enforcer-plugin') continue;
    const configs = pluginConfigurations(dep.el);
    for (const config of configs) {
      const version = child(child(child(config, 'rules'), 'requireJavaVersion'), 'version');
      const range = textValue(run.text, version)?.trim();
      const upper = range ? /,\s*([\d.]+)\s*([)\]])\s*$/.exec(range) : null;
      if (!upper) continue;
      const order = compareVersions(String(run.facts.java), upper[1]!);
      if (order === undefined || order < 0 || (order === 0 && upper[2] === ']')) continue;
      run.out.report('build/java-version', 'error', version!.start, `maven-enforcer-plugin requires Java ${range}, which excludes Java ${run.facts.java}, the release Spring Boot 3.0 needs: the build fails in the enforcer; raise the range's upper bound`);
    }
  }
}

function hasJetty(run: PomRun): boolean {
  const s = run.facts.section.jetty?.starter;
  return s !== undefined && run.model.deps.some((d) => d.kind === 'dependency' && coordinatesEqual(run, d, s.groupId, s.artifactId));
}

function coordinatesEqual(run: PomRun, d: DepRef, g: string, a: string): boolean {
  const c = coordinates(run, d);
  return c.g === g && c.a === a;
}

/** With spring-boot-starter-jetty, jakarta-servlet.version must be 5.0.0 (Jetty 11): add it when this pom lacks it. */
function jetty(run: PomRun): void {
  const j = run.facts.section.jetty;
  if (!j || !hasJetty(run) || run.model.properties.has(j.property)) return;
  addProperty(run, j.property, j.value, 'build/jetty-servlet');
}

function addProperty(run: PomRun, name: string, value: string, rule: string): void {
  addProperties(run, [[name, value]], rule);
}

/** Adds properties as one insertion (two insertions at one point would make the engine defer one). */
function addProperties(run: PomRun, entries: [string, string][], rule: string): void {
  const { model, text, eol } = run;
  const lines = entries.map(([name, value]) => `<${name}>${value}</${name}>`);
  const props = model.propertiesEl;
  if (props && !props.selfClosing) {
    const last = props.children[props.children.length - 1];
    if (last) return insertAfter(run, last, lines.join(`${eol}${lineIndent(text, last.start)}`), rule);
    const indent = lineIndent(text, props.start);
    run.out.insert(props.openEnd, lines.map((l) => `${eol}${indent}${indentUnit(text)}${l}`).join('') + `${eol}${indent}`, rule);
    return;
  }
  if (props) {
    run.out.report(rule, keptVersionSeverity(rule), props.start, `add ${lines.join(' ')} to <properties>`);
    return;
  }
  // No <properties>: a new block before <dependencies> (or at the end of <project>).
  const anchor = child(model.project, 'dependencies') ?? child(model.project, 'build');
  const unit = indentUnit(text);
  if (anchor) {
    const indent = lineIndent(text, anchor.start);
    run.out.insert(anchor.start, `<properties>${lines.map((l) => `${eol}${indent}${unit}${l}`).join('')}${eol}${indent}</properties>${eol}${eol}${indent}`, rule);
  } else {
    run.out.insert(model.project.closeStart, `${unit}<properties>${lines.map((l) => `${eol}${unit}${unit}${l}`).join('')}${eol}${unit}</properties>${eol}`, rule);
  }
}

/** Inserts `markup` after `el`: on a new line with el's indentation when el has its own line, else right after it. */
export function insertAfter(run: PomRun, el: XmlElement, markup: string, rule: string): void {
  const span = elementLineSpan(run.text, el);
  const ownLine = span.start !== el.start;
  run.out.insert(el.end, ownLine ? `${run.eol}${lineIndent(run.text, el.start)}${markup}` : markup, rule);
}

/** --add-properties-migrator: spring-boot-properties-migrator at runtime scope in every application module. */
function propertiesMigrator(run: PomRun): void {
  if (!run.ctx.options.addPropertiesMigrator) return;
  const { boot } = run.facts.section;
  const m = boot.propertiesMigrator;
  const deps = run.model.deps.filter((d) => d.kind === 'dependency' && d.el.parent?.parent === run.model.project);
  if (!deps.some((d) => coordinates(run, d).g === boot.groupId && (coordinates(run, d).a ?? '').startsWith(boot.starterPrefix))) return;
  const existing = deps.find((d) => coordinatesEqual(run, d, m.groupId, m.artifactId));
  const message = `${m.groupId}:${m.artifactId} (runtime) reports and temporarily maps renamed properties at start-up: remove it once the migration is done`;
  if (existing) {
    run.out.report('build/properties-migrator', 'info', existing.el.start, message);
    return;
  }
  const last = deps[deps.length - 1]!;
  const indent = lineIndent(run.text, last.el.start);
  const inner = last.el.children[0] ? lineIndent(run.text, last.el.children[0].start) : indent + indentUnit(run.text);
  const { eol } = run;
  const markup = [`<dependency>`, `${inner}<groupId>${m.groupId}</groupId>`, `${inner}<artifactId>${m.artifactId}</artifactId>`, `${inner}<scope>runtime</scope>`, `${indent}</dependency>`].join(eol);
  run.out.insert(last.el.end, `${eol}${indent}${markup}`, 'build/properties-migrator');
  run.out.report('build/properties-migrator', 'info', last.el.end, message);
}

