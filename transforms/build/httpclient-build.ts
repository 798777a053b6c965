// The build half of HttpClient 4 -> 5 (transforms/sources/httpclient5/httpclient5-switch.ts
// decides for the whole run): org.apache.httpcomponents:httpclient becomes
// org.apache.httpcomponents.client5:httpclient5, with the version Boot 3.0 manages for it where
// the declaration had a version of its own (the decision only allows a literal or none).
import type { BuildToken } from '../../src/formats/groovy.js';
import { textValue } from '../../src/formats/xml.js';
import type { PassContext } from '../../src/engine/types.js';
import { httpClient4String, httpClientSwitch, type HttpClientSwitch } from '../sources/httpclient5/httpclient5-switch.js';
import type { BuildFacts } from './facts.js';
import type { GradleRun } from './gradle-run.js';
import { LIBRARY_RULE } from './libraries.js';
import { setValue, type PomRun } from './maven.js';
import type { DepRef } from './pom-model.js';

/** The run's decision when `g:a` is HttpClient 4 (on or off). */
export function httpClientDecision(ctx: PassContext, g: string, a: string): HttpClientSwitch | undefined {
  const from = ctx.table.libraries?.httpclient.oneToOne.from;
  if (!from || g !== from.groupId || a !== from.artifactId) return undefined;
  return httpClientSwitch(ctx);
}

/** HttpClient 4 staying in a build whose sources hand a client to Spring 6's factory: it will not compile. */
export function httpClientKeptMessage(d: HttpClientSwitch): string {
  return `${d.from!.groupId}:${d.from!.artifactId} is HttpClient 4; Spring 6's HttpComponentsClientHttpRequestFactory takes an HttpClient 5 client (${d.to!.groupId}:${d.to!.artifactId}, managed by Boot 3.0); not moved in this run: ${d.why}`;
}

/** The version Boot 3.0 (the release this run moves to) manages for the new coordinate. */
function managedVersion(facts: BuildFacts, to: { groupId: string; artifactId: string }): string | undefined {
  const group = facts.section.managedGroups.find((m) => m.groupId === to.groupId && (!m.modules || m.modules.includes(to.artifactId)));
  return group?.version30[facts.target.version];
}

const message = (d: HttpClientSwitch, version: string | undefined) =>
  `${d.from!.groupId}:${d.from!.artifactId} -> ${d.to!.groupId}:${d.to!.artifactId}${version ? ` ${version}` : ''}: Spring 6's HttpComponentsClientHttpRequestFactory takes an HttpClient 5 client, and every HttpClient 4 use in the sources moved one to one in this run`;

export function switchMavenHttpClient(run: PomRun, dep: DepRef, d: HttpClientSwitch): void {
  if (dep.kind !== 'dependency' && dep.kind !== 'managed-dependency') return;
  const to = d.to!;
  setValue(run, dep.groupId!, to.groupId, LIBRARY_RULE, 'groupId');
  setValue(run, dep.artifactId!, to.artifactId, LIBRARY_RULE, 'artifactId');
  const version = dep.version ? managedVersion(run.facts, to) : undefined;
  if (dep.version && version && textValue(run.text, dep.version) !== version) setValue(run, dep.version, version, LIBRARY_RULE, 'version');
  run.out.report(LIBRARY_RULE, 'info', dep.el.start, message(d, version));
}

export function switchGradleHttpClient(run: GradleRun, t: BuildToken, d: HttpClientSwitch): void {
  if (!httpClient4String(t.value, d.from!)) return;
  const to = d.to!;
  const hasVersion = t.value.split(':').length > 2;
  const version = hasVersion ? managedVersion(run.facts, to) : undefined;
  run.out.replace(t.contentStart!, t.contentEnd!, `${to.groupId}:${to.artifactId}${version ? `:${version}` : ''}`, LIBRARY_RULE);
  run.out.report(LIBRARY_RULE, 'info', t.start, message(d, version));
}
