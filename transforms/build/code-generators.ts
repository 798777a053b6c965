// Code generators the build runs whose output is javax code: OpenAPI Generator's spring generators
// (`spring`, `kotlin-spring`) write javax.validation / javax.annotation imports unless the
// configuration turns on `useSpringBoot3` or `useJakartaEe` (both options exist from
// openapi-generator 6.0.1 on, read from the published jar's SpringCodegen). The sources the build
// generates then do not compile against Boot 3.0 (the dev set's petclinic-rest after migrate:
// "package javax.validation does not exist"), and no source edit can reach them: an error on
// the plugin, with the option to set.
import { child, childrenNamed, localName, textValue, type XmlElement } from '../../src/formats/xml.js';
import type { PassOutput } from './out.js';
import type { DepRef } from './pom-model.js';

export const CODE_GENERATOR_RULE = 'build/code-generator';

const SPRING_GENERATORS = new Set(['spring', 'kotlin-spring']);
const OPTIONS = ['useSpringBoot3', 'useJakartaEe'];

function message(where: string): string {
  return `OpenAPI Generator's spring generator writes javax.validation and javax.annotation imports ${where}: the generated sources do not compile on Spring Boot 3.0; set <configOptions><useSpringBoot3>true</useSpringBoot3></configOptions> (Gradle: configOptions "useSpringBoot3" to "true"), or useJakartaEe`;
}

/** openapi-generator-maven-plugin: each configuration (plugin and executions) with a spring generator and neither option true. */
/** `handled`: the configurations build/code-generator already edited or reported in this run (maven-code-generators.ts). */
export function openApiGeneratorMaven(text: string, dep: DepRef, out: PassOutput, handled: ReadonlySet<XmlElement> = new Set()): void {
  if (dep.kind !== 'plugin' || textValue(text, dep.groupId) !== 'org.openapitools' || textValue(text, dep.artifactId) !== 'openapi-generator-maven-plugin') return;
  const plugin = child(dep.el, 'configuration');
  const executions = childrenNamed(child(dep.el, 'executions'), 'execution');
  for (const config of [plugin, ...executions.map((e) => child(e, 'configuration'))]) {
    if (!config || handled.has(config)) continue;
    const generator = textValue(text, child(config, 'generatorName')) ?? textValue(text, child(plugin, 'generatorName'));
    if (!generator || !SPRING_GENERATORS.has(generator.trim())) continue;
    const options = [child(config, 'configOptions'), child(plugin, 'configOptions')].flatMap((c) => c?.children ?? []);
    const on = options.some((o) => OPTIONS.includes(localName(o.name)) && textValue(text, o)?.trim() === 'true');
    if (!on) out.report(CODE_GENERATOR_RULE, 'error', config.start, message('without useSpringBoot3 or useJakartaEe in its configOptions'));
  }
}

/** A Gradle script that applies org.openapi.generator with a spring generator and neither option set to true anywhere in it. */
export function openApiGeneratorGradle(text: string, pluginAt: number | undefined, out: PassOutput): void {
  if (pluginAt === undefined) return;
  const generator = /generatorName(?:\.set\()?\s*=?\s*\(?\s*["']([\w-]+)["']/.exec(text)?.[1];
  if (!generator || !SPRING_GENERATORS.has(generator)) return;
  if (OPTIONS.some((o) => new RegExp(`["']?${o}["']?\\s*(?:to|:|=)\\s*["']?true`).test(text))) return;
  out.report(CODE_GENERATOR_RULE, 'error', pluginAt, message('without useSpringBoot3 or useJakartaEe in its configOptions'));
}
