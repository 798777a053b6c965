// build/parameter-names: Spring Framework 6.1 (Boot 3.2) no longer reads parameter names from
// debug information; `@PathVariable Long id`, `@RequestParam String q` and constructor binding by
// name need classes compiled with `-parameters`. spring-boot-starter-parent sets it for
// maven-compiler-plugin (and Kotlin's javaParameters), Boot's Gradle plugin for every JavaCompile
// task; a build that inherits neither must set it itself:
//   Maven, no Boot parent in the chain (Boot's BOM imported): <maven.compiler.parameters>true is
//     added to the pom's properties (read by maven-compiler-plugin 3.6.2 and later; an older or
//     unpinned plugin is reported);
//   Maven, a compiler configuration with combine.self="override" (the parent's is dropped):
//     <parameters>true</parameters> is added to it;
//   Gradle without the org.springframework.boot plugin: reported with the lines to add.
// The Framework version comes from the target's BOM (spring-framework.version).
import { pluginConfigurations } from '../../src/formats/pom.js';
import { child, childrenNamed, localName, textValue, type XmlElement } from '../../src/formats/xml.js';
import { compareVersions, isLower, type BuildFacts } from './facts.js';
import type { GradleRun } from './gradle-run.js';
import type { PomRun } from './maven.js';
import { resolveValue } from './pom-model.js';

export const PARAMETERS_RULE = 'build/parameter-names';
const PROPERTY = 'maven.compiler.parameters';
const FIRST_WITH_PARAMETERS = '3.6.2';

/** The target's Spring Framework drops the debug-information fallback (6.1 and later). */
function needsFlag(facts: BuildFacts): boolean {
  const framework = facts.propertyVersion('spring-framework.version');
  return framework !== undefined && (compareVersions(framework, '6.1.0') ?? -1) >= 0;
}

function compilerPlugins(run: PomRun): { model: PomRun['model']; el: XmlElement }[] {
  return run.models.flatMap((m) =>
    m.deps.filter((d) => d.kind === 'plugin' && textValue(m.text, d.artifactId) === 'maven-compiler-plugin').map((d) => ({ model: m, el: d.el })),
  );
}


/** The chain already asks for -parameters (property, <parameters>, a compiler argument). */
function setsFlag(run: PomRun): boolean {
  if (resolveValue(run.models, `\${${PROPERTY}}`) === 'true') return true;
  return compilerPlugins(run).some(({ model, el }) =>
    pluginConfigurations(el).some((c) => c.children.some((x) => (localName(x.name) === 'parameters' && textValue(model.text, x) === 'true') || /(^|\s|>)-parameters(\s|<|$)/.test(model.text.slice(x.start, x.end)))),
  );
}

export function mavenParameters(run: PomRun, addProperty: (run: PomRun, name: string, value: string, rule: string) => void): void {
  if (!run.bootManaged || !needsFlag(run.facts) || setsFlag(run)) return;
  const boot = run.facts.section.boot;
  const bootParent = run.models.some((m) => m.parent?.groupId === boot.groupId && boot.parents.includes(m.parent.artifactId ?? ''));
  if (bootParent) {
    // combine.self="override" drops the parent's <parameters>true</parameters>
    for (const { model, el } of compilerPlugins(run)) {
      if (model !== run.model) continue;
      for (const c of pluginConfigurations(el)) {
        if (c.attributes['combine.self'] !== 'override' || c.selfClosing) continue;
        const last = c.children[c.children.length - 1];
        const at = last ? last.end : c.openEnd;
        const indent = last ? run.text.slice(run.text.lastIndexOf('\n', last.start - 1) + 1, last.start) : '';
        run.out.insert(at, `${run.eol}${indent}<parameters>true</parameters>`, PARAMETERS_RULE);
        run.out.report(PARAMETERS_RULE, 'info', c.start, `this compiler configuration overrides spring-boot-starter-parent's, which compiles with -parameters; Spring Framework 6.1 needs them for parameter names: <parameters>true</parameters> added`);
      }
    }
    return;
  }
  // the pom that imports Boot's BOM gets the property (its modules inherit it); a module under it does not
  const importsBom = run.model.deps.some((d) => d.kind === 'managed-dependency' && textValue(run.text, d.groupId) === boot.groupId && textValue(run.text, d.artifactId) === boot.bom);
  if (!importsBom && run.models.length > 1) return;
  addProperty(run, PROPERTY, 'true', PARAMETERS_RULE);
  const versions = compilerPlugins(run).map(({ model, el }) => resolveValue(run.models, textValue(model.text, child(el, 'version')) ?? undefined));
  const pinned = versions.find((v) => v !== undefined && !v.includes('${'));
  const message = `Spring Framework ${run.facts.propertyVersion('spring-framework.version')} reads parameter names (@PathVariable, @RequestParam, constructor binding) only from classes compiled with -parameters, which this build does not inherit from spring-boot-starter-parent: ${PROPERTY}=true added`;
  if (!pinned || isLower(pinned, FIRST_WITH_PARAMETERS)) {
    run.out.report(PARAMETERS_RULE, 'warning', (run.model.propertiesEl ?? run.model.project).start, `${message}; maven-compiler-plugin ${pinned ?? '(no version pinned: the one Maven binds by default)'} must be ${FIRST_WITH_PARAMETERS} or later to read it: pin a current version`);
  } else {
    run.out.report(PARAMETERS_RULE, 'info', (run.model.propertiesEl ?? run.model.project).start, message);
  }
}

export function gradleParameters(run: GradleRun): void {
  if (!needsFlag(run.facts) || run.text.includes('-parameters') || run.text.includes('javaParameters')) return;
  const boot = run.facts.section.boot;
  const strings = run.tokens.filter((t) => t.type === 'string' && !t.templated).map((t) => t.value);
  if (strings.includes(boot.gradlePlugin.id) || run.text.includes(`id(${JSON.stringify(boot.gradlePlugin.id)})`)) return;
  // Boot's dependency management without Boot's plugin: a Spring application compiled by this script
  const dm = strings.includes(boot.dependencyManagementPlugin.id) || strings.some((s) => s.startsWith(`${boot.groupId}:${boot.bom}`));
  if (!dm) return;
  const at = run.tokens.find((t) => t.type === 'string' && (t.value === boot.dependencyManagementPlugin.id || t.value.startsWith(`${boot.groupId}:${boot.bom}`)))!;
  const java = run.dsl === 'kotlin' ? 'tasks.withType<JavaCompile> { options.compilerArgs.add("-parameters") }' : "tasks.withType(JavaCompile).configureEach { options.compilerArgs << '-parameters' }";
  run.out.report(
    PARAMETERS_RULE,
    'warning',
    at.start,
    `Spring Framework ${run.facts.propertyVersion('spring-framework.version')} reads parameter names (@PathVariable, @RequestParam, constructor binding) only from classes compiled with -parameters; this script does not apply the org.springframework.boot plugin, which would set it: add ${java} (Kotlin sources: javaParameters = true in kotlinOptions / compilerOptions)`,
  );
}
