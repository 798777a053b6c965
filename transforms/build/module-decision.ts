// The module decision, made once per run before any pass: which Spring Boot line every module of
// the repository is on (boot-line.ts) and which modules are left exactly as they are:
//
// - modules that are not Spring Boot modules (modules.ts: Android, Gradle plugins, BOM-only,
//   Boot-free Gradle builds, Quarkus, Micronaut, plain Java EE wars), also inside a Boot reactor
//   and when they inherit a parent that imports Boot;
// - a module whose build file cannot be read: its Boot and Java versions cannot be raised, so its
//   sources are not moved to jakarta either (they would not compile against the Boot 2 build);
//   an error finding says why;
// - a module on a 3.x line other than the target's (3.1 and later for the default 3.0): the run
//   raises no 3.x version, so nothing of it applies;
// - the whole repository when no build in it resolves Spring Boot (a Java EE project's javax is
//   not this tool's business).
//
// A module without Boot evidence of its own (a library module, a plain aggregator) takes the line
// of the nearest module above it, else the line every Boot module of the repository shares; it is
// migrated with them (the Boot modules that depend on it need its javax moved too).
import path from 'node:path/posix';
import type { LeftAlone, ModuleDecision, ModuleLine, PassContext, ProjectFile, ProjectView } from '../../src/engine/types.js';
import { child, childrenNamed, textValue } from '../../src/formats/xml.js';
import { rememberingGradleTokens } from '../../src/formats/gradle-tokens.js';
import { gradleBootFacts, lineOf, pomBootVersion, targetLine, type BootVersion } from './boot-line.js';
import { BOOT_MENTION, buildTokens, nonBootModules, unreadableBuild } from './modules.js';
import { chain, projectPom, resolveValue } from './pom-model.js';
import type { BootParent } from '../../src/table/sections/build.js';

const dirOf = (p: string) => (path.dirname(p) === '.' ? '' : path.dirname(p));
const under = (p: string, dir: string) => dir === '' || p === dir || p.startsWith(dir + '/');
const isBuild = (f: ProjectFile) => /(^|\/)build\.gradle(\.kts)?$/.test(f.path) || (f.kind === 'pom' && path.basename(f.path) === 'pom.xml');

interface Evidence {
  dir: string;
  build: string;
  found?: BootVersion;
  /** The build names Spring Boot (its version may come from outside the repository). */
  mentions: boolean;
  /** Where the version is declared, when not in the build file itself. */
  where?: string;
}

export function decideModules(project: ProjectView, ctx: PassContext, partial: boolean): Promise<ModuleDecision> {
  // each Gradle script is read by three questions below: tokenized once for all
  return rememberingGradleTokens(() => decide(project, ctx, partial));
}

async function decide(project: ProjectView, ctx: PassContext, partial: boolean): Promise<ModuleDecision> {
  const boot = ctx.table.build?.boot;
  const builds = project.files.filter(isBuild);
  const leftAlone: LeftAlone[] = [];
  // a build file that cannot be read (a module's, or a script it applies): its module stays as it is, sources included
  const moduleDirs = builds.map((f) => dirOf(f.path));
  for (const f of project.ofKind('pom', 'gradle', 'gradle-kts')) {
    if (f.kind === 'pom' && !isBuild(f)) continue; // *.pom files are data
    const problem = unreadableBuild(project, f, moduleOf(moduleDirs, f.path));
    if (problem) leftAlone.push(problem);
  }
  leftAlone.push(...(await nonBootModules(project, ctx.table)).filter((m) => !leftAlone.some((o) => o.dir === m.dir)));
  if (!boot) return { leftAlone, modules: [] };
  const gradle = gradleBootFacts(project, boot, buildTokens);
  const evidence: Evidence[] = [];
  for (const f of builds) {
    const dir = dirOf(f.path);
    if (evidence.some((e) => e.dir === dir)) continue; // a pom.xml and a build.gradle side by side: the first decides
    if (f.kind === 'pom') {
      const { found, mentions } = pomBootVersion(project, f.path, boot);
      // a pom that does not parse names Boot if its text does
      evidence.push({ dir, build: f.path, found, mentions: mentions || (!projectPom(project, f.path) && BOOT_MENTION.test(f.text ?? '')) });
    } else {
      const t = buildTokens(f);
      const own = t ? gradle.own(f, t) : undefined;
      // a project of a Gradle build whose settings, buildSrc, catalog or root script declare Boot is part of a Boot build
      const build = gradle.build(dir);
      const mentions = own !== undefined || build !== undefined || BOOT_MENTION.test(f.text ?? '');
      evidence.push({ dir, build: f.path, found: own ?? build, mentions, ...(own ? {} : { where: 'its Gradle build' }) });
    }
  }
  leftAlone.push(...externalParents(project, evidence, ctx.table.build?.bootParents ?? [], targetLine(boot)));
  leftAlone.push(...externalBoms(project, evidence, boot).filter((m) => !leftAlone.some((o) => o.dir === m.dir)));
  inheritFromAggregators(project, evidence);
  const modules = linesOf(evidence, leftAlone, gradle, () => partial || mentionsBoot(project), project.files.length > 0);
  for (const m of modules) {
    if (m.line !== 'later' || leftAlone.some((o) => o.dir === m.dir)) continue;
    leftAlone.push({ dir: m.dir, path: m.build ?? '.', rule: 'build/already-boot3', message: `${m.dir || '.'} is already on Spring Boot ${m.version} (${m.why}), not the ${targetLine(boot)} line this run migrates to: left as it is (the run moves Spring Boot 2 builds; raise a 3.x build's Spring Boot by hand)` });
  }
  if (modules.length && modules.every((m) => m.line === 'none' || m.line === 'later')) {
    // nothing to migrate anywhere: the verdict says so once, not one finding per module
    return { leftAlone: [{ dir: '', path: '.', message: 'no module of this repository is on Spring Boot 2', quiet: true }], modules };
  }
  // a Boot 2 module held back by an error (a parent or BOM from outside, a build that cannot be read)
  const kept = (dir: string) => leftAlone.some((o) => o.severity === 'error' && !o.kinds && (o.dir === dir || under(dir, o.dir)));
  return { leftAlone: withExceptions(leftAlone, modules), modules: modules.map((m) => (m.line === 'boot2' && kept(m.dir) ? { ...m, kept: true } : m)) };
}

/**
 * A pom whose Boot comes from a parent outside the repository that is not Boot's own (Spring
 * Cloud's spring-cloud-build) takes the line of the release it inherits, as the table knows it.
 * On Boot 2, the run cannot raise it: no release of the parent on Boot 3.0 carries the same
 * library line (spring-cloud-build 4.0 is the parent of Spring Cloud's 4.0 sources, a port that
 * changed much more than javax), so the module is left exactly as it is, sources included (moved
 * to jakarta they would not compile against a Boot 2 build), and one error at the parent's line
 * says what to raise it to. Members inheriting it through the repository's own poms follow quietly.
 */
function externalParents(project: ProjectView, evidence: Evidence[], parents: BootParent[], target: string): LeftAlone[] {
  const out: LeftAlone[] = [];
  const tops = new Map<string, string>(); // a pom -> the top of its in-repository chain
  for (const e of evidence) {
    if (!e.build.endsWith('pom.xml')) continue;
    const model = projectPom(project, e.build);
    if (!model) continue;
    const top = chain(project, model).at(-1)!;
    tops.set(e.build, top.path);
    if (e.found) continue; // Boot declared in the repository: the run raises it there
    const p = top.parent;
    const known = p && parents.find((k) => k.groupId === p.groupId && k.artifactId === p.artifactId);
    const version = known && p.version ? textValue(top.text, p.version) : undefined;
    const release = version && known!.releases.find((r) => r.version === version);
    const line = release ? lineOf(release.boot, target) : undefined;
    if (!release || !line) continue;
    e.found = { version: release.boot, line };
    e.mentions = true;
    e.where = `parent ${p!.groupId}:${p!.artifactId}:${version} of ${top.path}`;
    if (line !== 'boot2') continue;
    const raiseTo = known!.releases.filter((r) => lineOf(r.boot, target) === 'boot3').at(-1);
    const to = raiseTo ? `raise it to ${raiseTo.version} (Spring Boot ${raiseTo.boot}) together with the sources that release line expects, then run again` : `no release of ${p!.artifactId} carries Spring Boot ${target}: replace it with a parent on Spring Boot ${target}`;
    out.push({
      dir: e.dir,
      path: top.path,
      offset: p!.el.start,
      rule: EXTERNAL_PARENT_RULE,
      severity: 'error',
      quiet: top.path !== e.build,
      message: `Spring Boot comes from the parent ${p!.groupId}:${p!.artifactId}:${version} (Spring Boot ${release.boot}), outside the repository, which this run cannot raise: ${e.dir || 'the root module'} is left as it is, sources included (moved to jakarta they would not compile on Spring Boot 2); ${to}`,
    });
  }
  // a member declaring Boot of its own under a top left alone builds with that parent's plugins
  // and on the reactor's modules left on Boot 2: moved alone, it would not compile either
  const alone = new Set(out.map((o) => o.path));
  for (const e of evidence) {
    const top = tops.get(e.build);
    if (!e.found || !top || top === e.build || !alone.has(top) || out.some((o) => o.dir === e.dir)) continue;
    const reason = out.find((o) => o.path === top)!;
    out.push({ ...reason, dir: e.dir, quiet: true });
  }
  return out;
}

export const EXTERNAL_PARENT_RULE = 'build/external-boot-parent';

export const EXTERNAL_BOM_RULE = 'build/external-boot-bom';

/**
 * A pom whose Spring Boot dependencies carry no version while neither Boot's parent nor Boot's BOM
 * is anywhere in its chain takes them from a BOM it imports from elsewhere (tech.jhipster:
 * jhipster-dependencies imports spring-boot-dependencies): raising a spring-boot.version property
 * beside it moves the plugin, not the dependencies, which stay on Boot 2 while the sources would
 * move to jakarta. Like an unknown parent, such a BOM is outside what the run can raise: the module
 * is left as it is, sources included, and one error at the import says what to raise.
 */
function externalBoms(project: ProjectView, evidence: Evidence[], boot: NonNullable<PassContext['table']['build']>['boot']): LeftAlone[] {
  const out: LeftAlone[] = [];
  for (const e of evidence) {
    if (!e.build.endsWith('pom.xml') || (e.found && e.found.line !== 'boot2')) continue;
    const model = projectPom(project, e.build);
    if (!model) continue;
    const models = chain(project, model);
    const text = (m: (typeof models)[number], el: Parameters<typeof textValue>[1]) => textValue(m.text, el);
    const bootManaged = models.some(
      (m) =>
        (m.parent?.groupId === boot.groupId && boot.parents.includes(m.parent.artifactId ?? '')) ||
        // Boot's BOM, or its parent imported as one (spring-boot-starter-parent with scope import)
        m.deps.some((d) => d.kind === 'managed-dependency' && text(m, d.groupId) === boot.groupId && [boot.bom, ...boot.parents].includes(text(m, d.artifactId) ?? '')),
    );
    if (bootManaged) continue;
    const versionless = model.deps.some((d) => d.kind === 'dependency' && text(model, d.groupId) === boot.groupId && !d.version);
    if (!versionless) continue;
    const imports = models.flatMap((m) =>
      m.deps
        .filter((d) => d.kind === 'managed-dependency' && text(m, d.scope) === 'import' && text(m, d.type) === 'pom' && text(m, d.groupId) !== boot.groupId)
        .map((d) => ({ model: m, dep: d, coordinate: `${text(m, d.groupId)}:${text(m, d.artifactId)}:${resolveValue(models, text(m, d.version)) ?? text(m, d.version) ?? ''}` })),
    );
    const at = imports[0];
    if (!at) continue;
    out.push({
      dir: e.dir,
      path: at.model.path,
      offset: at.dep.el.start,
      rule: EXTERNAL_BOM_RULE,
      severity: 'error',
      quiet: out.some((o) => o.path === at.model.path && o.offset === at.dep.el.start),
      message: `the Spring Boot dependencies of ${e.dir || 'the root module'} carry no version and neither Spring Boot's parent nor its BOM is in the build: they come from ${imports.map((i) => i.coordinate).join(', ')}, imported from outside the repository, which this run cannot raise: the module is left as it is, sources included (moved to jakarta they would not compile on Spring Boot 2); raise that BOM to its release on Spring Boot ${targetLine(boot)}, then run again`,
    });
  }
  return out;
}

/** The deepest module folder holding `p` ('' for the root). */
function moduleOf(dirs: string[], p: string): string {
  return dirs.filter((d) => under(p, d)).sort((a, b) => b.length - a.length)[0] ?? '';
}

/** A pom with no Boot evidence listed in the <modules> of a pom that has some takes its evidence (a reactor's members). */
function inheritFromAggregators(project: ProjectView, evidence: Evidence[]): void {
  const byDir = new Map(evidence.map((e) => [e.dir, e]));
  for (let round = 0; round < 8; round++) {
    let changed = false;
    for (const e of evidence) {
      if (!e.build.endsWith('pom.xml') || !(e.found || e.mentions)) continue;
      const model = projectPom(project, e.build);
      for (const m of childrenNamed(child(model?.project, 'modules'), 'module')) {
        const rel = textValue(model!.text, m);
        if (!rel) continue;
        const member = byDir.get(path.normalize(path.join(e.dir, rel.replace(/\/pom\.xml$/, ''))).replace(/^\.$/, ''));
        if (member && !member.found && !member.mentions) {
          member.found = e.found;
          member.mentions = true;
          member.where = `its aggregator ${e.build}`;
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
}

function linesOf(evidence: Evidence[], leftAlone: LeftAlone[], gradle: ReturnType<typeof gradleBootFacts>, assumeBoot: () => boolean, anyFile: boolean): ModuleLine[] {
  // a module left alone, or one inside a folder left alone without Boot of its own (an Android app in a Boot-free build)
  const notBoot = (dir: string, own = false) => leftAlone.some((m) => (m.dir === dir || (!own && under(dir, m.dir))) && !m.kinds && m.severity !== 'error');
  const unreadable = (dir: string) => leftAlone.some((m) => m.dir === dir && m.severity === 'error');
  const modules: ModuleLine[] = evidence.map((e) => {
    if (unreadable(e.dir)) return { dir: e.dir, build: e.build, line: 'boot2', why: 'its build file cannot be read: taken as Spring Boot 2.x' };
    if (notBoot(e.dir, e.found !== undefined || e.mentions)) return { dir: e.dir, build: e.build, line: 'none', why: 'not a Spring Boot module' };
    if (e.found) return { dir: e.dir, build: e.build, line: e.found.line, version: e.found.version, why: `declared in ${e.where ?? e.build}` };
    if (e.mentions) return { dir: e.dir, build: e.build, line: 'boot2', why: 'names Spring Boot, version from outside the repository: taken as 2.x' };
    return { dir: e.dir, build: e.build, line: 'none', why: 'no Spring Boot in its build' };
  });
  const boot = modules.filter((m) => m.line !== 'none');
  if (evidence.length === 0) {
    // no build file: a file list from a hook, or sources alone; Boot 2 is the premise, but an empty folder is nothing
    return anyFile ? [{ dir: '', line: 'boot2', why: 'no build file: taken as Spring Boot 2.x' }] : [{ dir: '', line: 'none', why: 'nothing to read' }];
  }
  if (boot.length === 0) {
    if (!assumeBoot()) return modules;
    // a list of files may miss the build that names Boot, and files may name Boot that no build
    // resolves (a parent outside the repository): nothing is called non-Boot for lack of evidence
    return modules.map((m) => (notBoot(m.dir) ? m : { ...m, line: 'boot2', why: 'no build resolves Spring Boot, but the files read name it: taken as Spring Boot 2.x' }));
  }
  const lines = new Set(boot.map((m) => m.line));
  const shared = lines.size === 1 ? boot[0]! : undefined;
  return modules.map((m) => {
    if (m.line !== 'none' || notBoot(m.dir)) return m;
    // a member without Boot of its own: the nearest Boot module above it, else the line they all share
    const above = boot.filter((b) => b.dir !== m.dir && under(m.dir, b.dir)).sort((a, b) => b.dir.length - a.dir.length)[0] ?? shared;
    const build = gradle.build(m.dir);
    if (above) return { ...m, line: above.line, version: above.version, why: `member of ${above.dir || 'the root'} (${above.line === 'boot2' ? 'Spring Boot 2' : `Spring Boot ${above.version}`})` };
    return { ...m, line: build?.line ?? 'boot2', version: build?.version, why: 'member of a repository with Spring Boot 2 modules' };
  });
}

/**
 * Whether any file read names Spring Boot (an import, a starter, an auto-configuration entry) or
 * sets a `spring.` configuration key: then builds that say nothing of Boot (a placeholder pom, a
 * company parent outside the repository) do not make it a repository without Spring Boot. Asked
 * only when no build resolves Boot.
 */
function mentionsBoot(project: ProjectView): boolean {
  return project.files.some((f) => f.text !== undefined && (BOOT_MENTION.test(f.text) || ((f.kind === 'properties' || f.kind === 'yaml') && /^\s*spring[.:]/m.test(f.text))));
}

/** A left-alone folder keeps its nested modules that are migrated (deepest module wins). */
function withExceptions(leftAlone: LeftAlone[], modules: ModuleLine[]): LeftAlone[] {
  const migrated = modules.filter((m) => m.line === 'boot2' || m.line === 'boot3');
  return leftAlone.map((l) => {
    if (l.kinds) return l;
    const except = migrated.filter((m) => m.dir !== l.dir && under(m.dir, l.dir) && !leftAlone.some((o) => o !== l && o.dir === m.dir)).map((m) => m.dir);
    return except.length ? { ...l, except } : l;
  });
}
