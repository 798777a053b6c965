// build/jakarta-api in a pom: the Jakarta APIs the module's migrated sources import and no
// dependency brings (jakarta-apis.ts decides) are declared at the end of its <dependencies>,
// without a version where Boot 3.0 manages them for this pom, else at the version the data gives.
import { child, indentUnit, lineIndent, textValue } from '../../src/formats/xml.js';
import { JAKARTA_API_RULE, missingApis, type MissingApi } from './jakarta-apis.js';
import type { PomRun } from './maven.js';

export function mavenJakartaApis(run: PomRun): void {
  if (run.boot3) return; // a build already on Boot 3 declares what its jakarta sources need
  if (textValue(run.text, child(run.model.project, 'packaging')) === 'pom') return; // Maven compiles no sources of an aggregator
  const missing = missingApis(run.ctx, run.facts, run.model);
  if (!missing.length) return;
  const { text, eol, model } = run;
  const unit = indentUnit(text);
  const deps = child(model.project, 'dependencies');
  const last = deps?.children[deps.children.length - 1];
  const indent = last ? lineIndent(text, last.start) : deps ? lineIndent(text, deps.start) + unit : unit + unit;
  const inner = indent + unit;
  const blocks = missing.map((m) => declaration(run, m, indent, inner));
  if (deps && !deps.selfClosing) {
    const at = last ? last.end : deps.openEnd;
    const tail = last ? '' : `${eol}${lineIndent(text, deps.start)}`;
    run.out.insert(at, blocks.map((b) => `${eol}${indent}${b}`).join('') + tail, JAKARTA_API_RULE);
  } else if (!deps) {
    // no <dependencies>: a new block before </project>
    run.out.insert(model.project.closeStart, `${unit}<dependencies>${blocks.map((b) => `${eol}${indent}${b}`).join('')}${eol}${unit}</dependencies>${eol}`, JAKARTA_API_RULE);
  } else {
    for (const m of missing) run.out.report(JAKARTA_API_RULE, 'error', deps.start, `${message(run, m)}: declare it here (the empty <dependencies/> was left as written)`);
    return;
  }
  for (const m of missing) run.out.report(JAKARTA_API_RULE, 'info', (deps ?? model.project).start, `${message(run, m)}: added`);
}

function managedHere(run: PomRun, m: MissingApi): boolean {
  const c = m.artifact.coordinate;
  return run.bootManaged && run.facts.managedTarget.has(`${c.groupId}:${c.artifactId}`);
}

function declaration(run: PomRun, m: MissingApi, indent: string, inner: string): string {
  const c = m.artifact.coordinate;
  const lines = [
    `<dependency>`,
    `${inner}<groupId>${c.groupId}</groupId>`,
    `${inner}<artifactId>${c.artifactId}</artifactId>`,
    ...(managedHere(run, m) ? [] : [`${inner}<version>${m.artifact.target}</version>`]),
    ...(m.scope === 'compile' ? [] : [`${inner}<scope>${m.scope}</scope>`]),
    `${indent}</dependency>`,
  ];
  return lines.join(run.eol);
}

function message(run: PomRun, m: MissingApi): string {
  const c = m.artifact.coordinate;
  const what = m.scope === 'runtime'
    ? `${m.packages[0]!.file} reads or writes XML through JAXB, and nothing in this module's dependencies brings an XML Binding implementation on Boot 3.0`
    : `the migrated sources import ${m.packages.map((p) => `${p.name} (${p.file})`).join(', ')}, which no dependency of this module brings on Boot 3.0`;
  const version = managedHere(run, m) ? `managed by Spring Boot ${run.facts.target.version}` : `${m.artifact.target}`;
  return `${what}: ${c.groupId}:${c.artifactId} (${version}${m.scope === 'compile' ? '' : `, ${m.scope}`})`;
}
