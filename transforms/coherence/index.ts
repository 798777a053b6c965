// coherence: after every other pass, does each module of the repository now resolve Boot 3.0,
// Spring Framework 6, a Spring Cloud train for Boot 3.0, libraries on the line Boot 3.0 needs,
// and lockfiles that agree? Each pin that still says otherwise is one error finding at the line
// to change, so a half-migrated build never passes for a migrated one. It reads the files as the
// passes left them (the project view after the file passes) and changes nothing.
import path from 'node:path/posix';
import type { FilePass, FindingInput, ProjectPass, ProjectView } from '../../src/engine/types.js';
import { groovyTokens } from '../../src/formats/groovy.js';
import { kotlinTokens } from '../../src/formats/kotlin-dsl.js';
import { coherenceFacts, type CoherenceFacts } from './facts.js';
import { checkScript, isBootScript, usesAccessor, type GradleContext } from './gradle.js';
import type { Script } from './gradle-variables.js';
import { accessorOf, bootAccessors, checkCatalog } from './catalog.js';
import { checkLockfile } from './lockfiles.js';
import { bootPoms, checkPom } from './maven.js';
import { StalePins } from './stale.js';

export const COHERENCE_RULES = ['coherence/boot-version', 'coherence/spring-cloud-train', 'coherence/library-major', 'coherence/lockfile'];

function scriptsOf(project: ProjectView): Map<string, Script> {
  const scripts = new Map<string, Script>();
  for (const f of project.ofKind('gradle', 'gradle-kts')) {
    if (f.text === undefined) continue;
    try {
      scripts.set(f.path, { path: f.path, text: f.text, tokens: f.kind === 'gradle' ? groovyTokens(f.text) : kotlinTokens(f.text) });
    } catch {
      // a script that does not parse is reported (and left alone) by the build pass
    }
  }
  return scripts;
}

/** "(3 source files below services/api already import jakarta.*)": the half-migrated module, named. */
function jakartaNote(project: ProjectView, buildPath: string): string {
  const dir = path.dirname(buildPath) === '.' ? '' : path.dirname(buildPath) + '/';
  const n = project.ofKind('java', 'kotlin').filter((f) => f.path.startsWith(dir) && f.text?.includes('import jakarta.')).length;
  return n ? ` (${n} source file(s) below ${dir || 'the root'} already import jakarta.*)` : '';
}

function check(project: ProjectView, facts: CoherenceFacts, leftAlone: (path: string) => boolean): FindingInput[] {
  const out = new StalePins();
  const boot = bootPoms(project);
  for (const pom of project.ofKind('pom')) checkPom(project, pom.path, facts, out, boot);
  const scripts = scriptsOf(project);
  const catalogs = project.ofKind('version-catalog');
  const ctx: GradleContext = { project, facts, scripts, out, bootAccessors: new Set(catalogs.flatMap(bootAccessors)), leftAlone };
  for (const script of scripts.values()) checkScript(ctx, script);
  // A catalog entry matters to Boot when a Boot module's script uses it (or, unused, when the build has Boot at all).
  const bootScripts = [...scripts.values()].filter((s) => isBootScript(ctx, s));
  const users = (alias: string) => [...scripts.values()].filter((s) => usesAccessor(s, accessorOf(alias)));
  const bootUse = (alias: string) => {
    const using = users(alias);
    return using.length ? using.some((s) => bootScripts.includes(s)) : bootScripts.length > 0;
  };
  for (const catalog of catalogs) checkCatalog(catalog, facts, out, bootUse);
  const findings = out.findings.map((f) => (f.rule === 'coherence/boot-version' ? { ...f, message: f.message + jakartaNote(project, f.path!) } : f));
  for (const lock of project.ofKind('gradle-lockfile')) {
    const finding = checkLockfile(lock, facts);
    if (finding) findings.push(finding);
  }
  return findings;
}

export const coherencePass: ProjectPass = {
  id: 'coherence',
  description: 'after the migration: every build resolves Boot 3.0, Spring Framework 6, a Boot 3.0 Spring Cloud train, libraries on their Boot 3.0 line, and lockfiles that agree; else an error at the line to change',
  rules: COHERENCE_RULES,
  kinds: ['pom', 'gradle', 'gradle-kts', 'gradle-properties', 'gradle-lockfile', 'version-catalog', 'java', 'kotlin'],
  // no init: Kotlin DSL scripts ask for the grammar when they are read (NotReady) and the pass runs again
  run(project, ctx) {
    const facts = coherenceFacts(ctx);
    return { findings: facts ? check(project, facts, ctx.isLeftAlone ?? (() => false)) : [] };
  },
};

export const filePasses: FilePass[] = [];
export const projectPasses: ProjectPass[] = [coherencePass];
