// build/java-version, a Java level inherited from outside the repository: a root pom that imports
// Boot's BOM under a parent that is not Spring Boot's (mybatis-parent, a company parent) and that
// sets no Java level of its own compiles at whatever that parent says, often 8, with test sources
// at yet another level. Boot 3's jars are Java 17 class files, which such a build cannot read, and
// an enforcer rule bounded by ${java.version} refuses them. The parent is not in the repository,
// so the level is set where the repository's own build starts: java.version and the compiler's
// level properties become 17 (a property set in the child wins over the parent's, whatever the
// parent computes it from). The finding names the parent, in case it asks for more than 17.
import { pluginConfigurations } from '../../src/formats/pom.js';
import { child, childrenNamed, localName, textValue } from '../../src/formats/xml.js';
import type { PomRun } from './maven.js';

/** The table's Java level properties and maven-compiler-plugin's test-source twins of its own (maven.compiler.testRelease). */
function levelProperties(names: readonly string[]): string[] {
  const twins = names.filter((n) => n.startsWith('maven.compiler.')).map((n) => `maven.compiler.test${n[15]!.toUpperCase()}${n.slice(16)}`);
  return [...names, ...twins];
}

export function inheritedJavaLevel(run: PomRun, addProperties: (run: PomRun, entries: [string, string][], rule: string) => void): void {
  const { model, facts } = run;
  const boot = facts.section.boot;
  const parent = model.parent;
  // the top of the repository's chain, under a parent from elsewhere that is neither Boot's nor a known Boot parent
  if (!run.bootManaged || run.boot3 || run.models.length !== 1 || !parent?.groupId || !parent.artifactId) return;
  if (parent.groupId === boot.groupId && boot.parents.includes(parent.artifactId)) return;
  if ((run.ctx.table.build?.bootParents ?? []).some((p) => p.groupId === parent.groupId && p.artifactId === parent.artifactId)) return;
  const importsBom = model.deps.some((d) => d.kind === 'managed-dependency' && textValue(run.text, d.groupId) === boot.groupId && textValue(run.text, d.artifactId) === boot.bom);
  if (!importsBom) return;
  const levels = levelProperties(facts.section.java.properties);
  if (levels.some((p) => model.properties.has(p) || model.profileProperties.has(p)) || compilerSetsLevel(run)) return;
  const level = String(facts.java);
  // with a release set, the plugin ignores source/target: the test twins need only testRelease
  addProperties(run, levels.filter((p) => !/test(Source|Target)$/.test(p)).map((p) => [p, level]), 'build/java-version');
  const version = textValue(run.text, parent.version) ?? '';
  run.out.report(
    'build/java-version',
    'info',
    parent.el.start,
    `the Java level comes from the parent ${parent.groupId}:${parent.artifactId}:${version}, outside the repository; Spring Boot ${facts.target.version} needs Java ${level}: java.version and maven.compiler.source/target/release/testRelease set to ${level} here (if that parent asks for more, remove them)`,
  );
}

/** A maven-compiler-plugin configuration of this pom naming a level itself. */
function compilerSetsLevel(run: PomRun): boolean {
  return run.model.deps.some((d) => {
    if (d.kind !== 'plugin' || textValue(run.text, d.artifactId) !== 'maven-compiler-plugin') return false;
    return pluginConfigurations(d.el).some((c) => c.children.some((x) => ['source', 'target', 'release', 'testSource', 'testTarget', 'testRelease'].includes(localName(x.name))));
  });
}
