// spring6/socket-utils: org.springframework.util.SocketUtils is gone in Spring Framework 6.0.
// spring-test has had org.springframework.test.util.TestSocketUtils (findAvailableTcpPort() with
// no arguments) since 5.3, so a test source whose module puts spring-test on its test class path
// (spring-boot-starter-test or spring-test declared in its build file or a build file above it,
// outside dependencyManagement) calls that instead. Any other use (main code, the port-range and
// UDP forms, a module without spring-test) is reported with what to write.
import type { Edit } from '../../../src/engine/types.js';
import { BUILD_KINDS } from '../../../src/engine/project-text.js';
import type { Token } from '../../../src/formats/jvm-tokens.js';
import { type LibContext, type LibResult, emptyResult, importOf, removeImport, simpleOf, usedOutside } from '../lib-edits.js';
import { chainText, denotes } from '../model.js';
import { SPRING6_RULES } from './rules.js';

const RULE = SPRING6_RULES.socketUtils;

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

/** Build files in the file's directory or above it declare one of the artifacts as a dependency. */
function testClassPathHas(ctx: LibContext, artifacts: readonly string[]): boolean {
  const path = ctx.path ?? '';
  const builds = ctx.project.ofKind(...BUILD_KINDS).filter((b) => {
    const d = dirOf(b.path);
    return d === '' || path.startsWith(d + '/');
  });
  return builds.some((b) => {
    // a managed version is no dependency: only what stands outside <dependencyManagement>
    const text = (b.text ?? '').replace(/<dependencyManagement>[\s\S]*?<\/dependencyManagement>/g, '');
    return artifacts.some((a) => new RegExp(`<artifactId>\\s*${a}\\s*</artifactId>|['":]${a}['":]`).test(text));
  });
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
