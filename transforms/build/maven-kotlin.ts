// build/kotlin-jvm-target, Maven side: when the build's Java level becomes 17 and kotlin-maven-plugin
// is told to compile for a lower JVM (`<jvmTarget>1.8</jvmTarget>` in its configuration or an
// execution's, or the `kotlin.compiler.jvmTarget` property the plugin reads), the target is raised
// to 17. Why: Spring Framework 6's Kotlin extensions are built for 17, and Kotlin cannot inline
// bytecode built for 17 into 1.8 bytecode ("Cannot inline bytecode built with JVM target 17").
// The Java level becomes 17 when the pom is a Boot-managed module moving to 3.0 (Boot 3.0 needs 17
// whatever it sets), when this pom's Java properties/compiler settings are raised in this
// run, when an in-repository parent's are (they are raised in that pom), or when Boot's starter
// parent sets it (its `java.version` is 17 in 3.0) and nothing in the chain sets another.
// A `<jvmTarget>${p}</jvmTarget>` reading a Java property follows it; another property below 17
// is reported (it may version something else).
import { pluginConfigurations } from '../../src/formats/pom.js';
import { child, childrenNamed, textValue, type XmlElement } from '../../src/formats/xml.js';
import { javaLevel } from './facts.js';
import { isKotlinMavenPlugin, JVM_TARGET_RULE } from './kotlin-plugins.js';
import { setValue, type PomRun } from './maven.js';
import { resolveValue, singleProperty } from './pom-model.js';

const JVM_TARGET_PROPERTY = 'kotlin.compiler.jvmTarget';

export function mavenJvmTarget(run: PomRun): void {
  if (!javaBecomes17(run)) return;
  const target = String(run.facts.java);
  for (const el of run.model.propertyElements) {
    if (el.name !== JVM_TARGET_PROPERTY) continue;
    const level = javaLevel(textValue(run.text, el) ?? '');
    if (level !== undefined && level < run.facts.java) setValue(run, el, target, JVM_TARGET_RULE, el.name);
  }
  for (const dep of run.model.deps) {
    if (dep.kind !== 'plugin' || !isKotlinMavenPlugin(run.text, dep.artifactId)) continue;
    const configs = pluginConfigurations(dep.el);
    for (const config of configs) for (const el of childrenNamed(config, 'jvmTarget')) pluginTarget(run, el, target);
  }
}

function pluginTarget(run: PomRun, el: XmlElement, target: string): void {
  const raw = textValue(run.text, el);
  if (raw === undefined) return;
  const prop = singleProperty(raw);
  if (!prop) {
    const level = javaLevel(raw);
    if (level !== undefined && level < run.facts.java) setValue(run, el, target, JVM_TARGET_RULE, 'jvmTarget');
    return;
  }
  // a Java property (raised by build/java-version) or the plugin's own property (raised above) follows
  if (prop === JVM_TARGET_PROPERTY || run.facts.section.java.properties.includes(prop)) return;
  const level = javaLevel(resolveValue(run.models, raw) ?? '');
  if (level !== undefined && level < run.facts.java) {
    run.out.report(JVM_TARGET_RULE, 'warning', el.start, `Java is now ${target} but kotlin-maven-plugin compiles for JVM ${resolveValue(run.models, raw)} (\${${prop}}): Kotlin cannot inline Spring Framework 6's code built for 17; set <jvmTarget>${target}</jvmTarget> (or \${${prop}} to ${target} if nothing else reads it)`);
  }
}

/** This run leaves the pom on Java 17 where it was lower: see the header. */
function javaBecomes17(run: PomRun): boolean {
  if (run.out.edits.some((e) => e.rule === 'build/java-version')) return true;
  // a Boot-managed module moving to Boot 3.0 runs on 17 whatever its Java setting says now
  if (run.bootManaged && !run.boot3) return true;
  const javaProps = run.facts.section.java.properties;
  let setsJava = false;
  for (const m of run.models) {
    for (const el of m.propertyElements) {
      if (!javaProps.includes(el.name)) continue;
      setsJava = true;
      const level = javaLevel(textValue(m.text, el) ?? '');
      if (m !== run.model && level !== undefined && level < run.facts.java) return true;
    }
  }
  const boot = run.facts.section.boot;
  const starterParent = run.models.some((m) => m.parent?.groupId === boot.groupId && m.parent.artifactId === boot.parents[0]);
  return starterParent && !setsJava && !run.boot3;
}
