// spring6/socket-utils: org.springframework.util.SocketUtils is gone in Spring Framework 6.0.
// spring-test has had org.springframework.test.util.TestSocketUtils (findAvailableTcpPort() with
// no arguments) since 5.3, so a test source whose module puts spring-test on its test class path
// (spring-boot-starter-test or spring-test declared in its build file or a build file above it,
// outside dependencyManagement) calls that instead. Any other use (main code, the port-range and
// UDP forms, a module without spring-test) is reported with what to write.
import type { Edit } from '../../../src/engine/types.js';
import type { Token } from '../../../src/formats/jvm-tokens.js';
import { type LibContext, type LibResult, emptyResult, importOf, removeImport, simpleOf, usedOutside } from '../lib-edits.js';
import { chainText, denotes } from '../model.js';
import { chain, projectPom, resolveValue } from '../../build/pom-model.js';
import { textValue } from '../../../src/formats/xml.js';
import { SPRING6_RULES } from './rules.js';

const RULE = SPRING6_RULES.socketUtils;

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

// a Gradle build file names the artifact in a dependency notation ('group:artifact:version' or
// name: 'artifact')
const gradleDeclares = (text: string, artifacts: readonly string[]) => artifacts.some((a) => new RegExp(`['":]${a}['":]`).test(text));

/**
 * A pom of the chain declares one of the artifacts as a dependency (in a profile too): a managed
 * version, a plugin's dependency or an exclusion puts nothing on the test class path.
 */
function pomDeclares(ctx: LibContext, pomPath: string, artifacts: readonly string[]): boolean {
  const model = projectPom(ctx.project, pomPath);
  if (!model) return false;
  const models = chain(ctx.project, model);
  return models.some((m, i) =>
    m.deps.some((d) => {
      if (d.kind !== 'dependency') return false;
      const artifact = textValue(m.text, d.artifactId);
      return artifacts.includes(resolveValue(models.slice(i), artifact) ?? artifact ?? '');
    }),
  );
}

/**
 * The file's module puts one of the artifacts on its test class path: its Maven pom (the nearest
 * above the file) or a parent it inherits from in the repository declares it as a dependency;
 * for Gradle, the nearest build file or one above it (subprojects/allprojects).
 */
function testClassPathHas(ctx: LibContext, artifacts: readonly string[]): boolean {
  const path = ctx.path ?? '';
  const byPath = ctx.project.byPath;
  const dirs: string[] = [];
  for (let d = dirOf(path); ; d = dirOf(d)) {
    dirs.push(d);
    if (d === '') break;
  }
  const at = (d: string, name: string) => byPath.get(d ? `${d}/${name}` : name);
  const nearest = dirs.find((d) => at(d, 'pom.xml') || at(d, 'build.gradle') || at(d, 'build.gradle.kts'));
  if (nearest === undefined) return false;
  const pom = at(nearest, 'pom.xml');
  if (pom) return pomDeclares(ctx, pom.path, artifacts);
  return dirs.slice(dirs.indexOf(nearest)).some((d) => [at(d, 'build.gradle'), at(d, 'build.gradle.kts')].some((g) => g?.text !== undefined && gradleDeclares(g.text, artifacts)));
}

const isTestSource = (path: string | undefined) => !!path && /(^|\/)src\/(test|it|integrationTest|testFixtures)[^/]*\//.test(path);

export function migrateSocketUtils(ctx: LibContext): LibResult {
  const out = emptyResult();
  const row = ctx.libs.spring6.socketUtils;
  const { model } = ctx;
  const simple = row.type.slice(row.type.lastIndexOf('.') + 1);
  const imp = importOf(model, row.type);
  if (!model.text.includes(simple)) return out;
  const { tokens } = model;
  const replaceable = isTestSource(ctx.path) && testClassPathHas(ctx, row.testArtifacts);
  const edits: Edit[] = [];
  const report = (t: Token, why: string) =>
    out.findings.push({ rule: RULE, severity: 'error', offset: t.start, message: `SocketUtils is removed in Spring Framework 6.0 (${why}): ${row.replacement}`, docs: row.docs });
  for (const c of model.chains) {
    if (c.afterDot || model.declChains.has(c.first)) continue;
    // `SocketUtils.m(..)` with SocketUtils imported, or `org.springframework.util.SocketUtils.m(..)`
    const qualified = chainText(c).startsWith(row.type + '.') || chainText(c) === row.type;
    const j = qualified ? row.type.split('.').length - 1 : c.tokens[0]!.value === simple && denotes(model, simple, row.type) ? 0 : -1;
    if (j < 0) continue;
    const at = c.tokens[j]!;
    const method = c.tokens[j + 1];
    const call = method !== undefined && c.tokens.length === j + 2 && tokens[c.last + 1]?.value === '(';
    if (!replaceable) {
      report(at, isTestSource(ctx.path) ? 'the module does not put spring-test on its test class path' : 'it is not a test source');
      continue;
    }
    if (!call || tokens[c.last + 2]?.value !== ')' || !row.testMethods.includes(method!.value)) {
      report(at, `TestSocketUtils offers only ${row.testMethods.map((m) => `${m}()`).join(', ')}`);
      continue;
    }
    if (qualified) edits.push({ start: c.tokens[0]!.start, end: at.end, text: row.testReplacement, rule: RULE });
    else {
      edits.push({ start: at.start, end: at.end, text: simpleOf(row.testReplacement), rule: RULE });
      out.imports.push(row.testReplacement);
    }
  }
  if (out.findings.length) return { ...emptyResult(), findings: out.findings };
  out.edits.push(...edits);
  // an import nothing uses any more (or never did) would not compile: it goes
  if (imp && !usedOutside(model, simple, edits)) out.edits.push(removeImport(model, imp, RULE));
  return out;
}
