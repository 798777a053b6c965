// build/code-generator in a pom: a code-generator plugin (table `build.codeGenerators`) whose
// generated sources import javax unless an option asks for the Boot 3 templates —
// openapi-generator's spring generator and `useSpringBoot3`. The generated classes are not in the
// repository, so the source passes never see them: only the plugin's configuration can move them.
// The option is written into the `<configOptions>` of the configuration that names the generator
// (an execution's configuration is merged with the plugin's by Maven, child by child). A release
// older than the row's `since` has no such option: moving to a newer line changes more than the
// namespace, so that is reported with the edit to make, never done.
import { child, childrenNamed, indentUnit, lineIndent, textValue, type XmlElement } from '../../src/formats/xml.js';
import type { CodeGeneratorRow } from '../../src/table/sections/build.js';
import { coordinateText, isLower } from './facts.js';
import { resolveValue, type DepRef } from './pom-model.js';
import type { PomRun } from './maven.js';
import { CODE_GENERATOR_RULE } from './code-generators.js';


/** Returns the configurations it edited or reported (code-generators.ts reports the others). */
export function mavenCodeGenerators(run: PomRun): Set<XmlElement> {
  const handled = new Set<XmlElement>();
  if (run.boot3) return handled; // a build already on Boot 3 chose its generator options: only reported
  for (const dep of run.model.deps) {
    if (dep.kind !== 'plugin') continue;
    const g = resolveValue(run.models, textValue(run.text, dep.groupId));
    const a = resolveValue(run.models, textValue(run.text, dep.artifactId));
    const row = run.facts.section.codeGenerators.find((r) => r.plugin.groupId === g && r.plugin.artifactId === a);
    if (row) generatorPlugin(run, dep, row, handled);
  }
  return handled;
}

function generatorPlugin(run: PomRun, dep: DepRef, row: CodeGeneratorRow, handled: Set<XmlElement>): void {
  const own = child(dep.el, 'configuration');
  const executions = childrenNamed(child(dep.el, 'executions'), 'execution').map((e) => child(e, 'configuration')).filter((c): c is XmlElement => c !== undefined);
  // only a configuration that names the generator itself: an execution naming none inherits the plugin's, edited there
  const targets = [own, ...executions].filter((c): c is XmlElement => c !== undefined && row.generators.includes(resolveValue(run.models, textValue(run.text, child(c, 'generatorName'))) ?? ''));
  if (!targets.length) return;
  const version = pluginVersion(run, dep, row);
  const plugin = coordinateText(row.plugin);
  const setting = `<configOptions><${row.option}>${row.value}</${row.option}></configOptions>`;
  for (const c of targets) {
    handled.add(c);
    const options = child(c, 'configOptions');
    const current = textValue(run.text, child(options, row.option)) ?? (c !== own ? textValue(run.text, child(child(own, 'configOptions'), row.option)) : undefined);
    if (current === row.value) continue;
    const at = child(c, 'generatorName')!.start;
    if (current !== undefined) {
      run.out.report(CODE_GENERATOR_RULE, 'error', at, `${plugin}: ${row.note}; this configuration sets ${row.option} to '${current}': set it to ${row.value} (source: ${row.source})`);
      continue;
    }
    if (version !== undefined && isLower(version, row.since)) {
      run.out.report(CODE_GENERATOR_RULE, 'error', at, `${plugin} ${version}: ${row.note}; ${version} has no ${row.option} option (first in ${row.since}): set the plugin's version to ${row.since} or later and ${setting} (source: ${row.source})`);
      continue;
    }
    if (options?.selfClosing) {
      run.out.report(CODE_GENERATOR_RULE, 'error', options.start, `${plugin}: ${row.note}; write ${setting} here (source: ${row.source})`);
      continue;
    }
    insertOption(run, c, options, row);
    const unknown = version === undefined ? `; the plugin's version is not known to this run: it needs ${row.since} or later, where the option exists` : '';
    run.out.report(CODE_GENERATOR_RULE, version === undefined ? 'warning' : 'info', at, `${plugin}: ${row.note}: ${row.option} set to ${row.value}${unknown} (source: ${row.source})`);
  }
}

/** The plugin's version: its own <version>, else the one a <pluginManagement> of the pom or its in-repository parents gives. */
function pluginVersion(run: PomRun, dep: DepRef, row: CodeGeneratorRow): string | undefined {
  const literal = (raw: string | undefined) => {
    const v = resolveValue(run.models, raw);
    return v && !v.includes('${') ? v : undefined;
  };
  if (dep.version) return literal(textValue(run.text, dep.version));
  for (const m of run.models) {
    for (const d of m.deps) {
      if (d.kind !== 'plugin' || !d.version || d.el.parent?.parent?.name !== 'pluginManagement') continue;
      if (resolveValue(run.models, textValue(m.text, d.groupId)) === row.plugin.groupId && resolveValue(run.models, textValue(m.text, d.artifactId)) === row.plugin.artifactId) return literal(textValue(m.text, d.version));
    }
  }
  return undefined;
}

function insertOption(run: PomRun, config: XmlElement, options: XmlElement | undefined, row: CodeGeneratorRow): void {
  const { text, eol } = run;
  const unit = indentUnit(text);
  const entry = `<${row.option}>${row.value}</${row.option}>`;
  if (options) {
    const last = options.children[options.children.length - 1];
    if (last) run.out.insert(last.end, `${eol}${lineIndent(text, last.start)}${entry}`, CODE_GENERATOR_RULE);
    else run.out.insert(options.openEnd, `${eol}${lineIndent(text, options.start)}${unit}${entry}${eol}${lineIndent(text, options.start)}`, CODE_GENERATOR_RULE);
    return;
  }
  const last = config.children[config.children.length - 1]!; // it holds <generatorName> at least
  const indent = lineIndent(text, last.start);
  run.out.insert(last.end, `${eol}${indent}<configOptions>${eol}${indent}${unit}${entry}${eol}${indent}</configOptions>`, CODE_GENERATOR_RULE);
}
