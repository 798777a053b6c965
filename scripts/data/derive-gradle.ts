// gradle-3x.json: the lowest Gradle version each Boot minor's Gradle plugin accepts, read from the
// plugin's own check (SpringBootPlugin.java in the spring-boot-gradle-plugin sources of each minor's
// latest patch): an older Gradle fails the build with "Spring Boot plugin requires Gradle ...".
// From 3.4 the plugin no longer checks; `gradle` is then null and the table names the documented minimum.
import type { Derivation } from './derive-boot-3x.js';
import type { Artifact } from './maven.js';
import { BOOT } from './artifacts.js';
import { readEntries } from './jar.js';

const PLUGIN_SOURCE = 'org/springframework/boot/gradle/plugin/SpringBootPlugin.java';

function artifact(version: string): Artifact {
  return { groupId: BOOT, artifactId: 'spring-boot-gradle-plugin', version, classifier: 'sources' };
}

export function gradlePlan(d: Derivation): Artifact[] {
  return d.minors.map((m) => artifact(m.latest));
}

export function deriveGradle(d: Derivation): unknown {
  return {
    source: `${BOOT}:spring-boot-gradle-plugin:<latest patch of each minor>:sources (Maven Central), ${PLUGIN_SOURCE}`,
    minimums: d.minors.map((m) => {
      const a = artifact(m.latest);
      if (!d.has(a)) return { minor: m.minor, boot: m.latest, gradle: null, note: 'sources not served' };
      const text = readEntries(d.read(a), (n) => n === PLUGIN_SOURCE).get(PLUGIN_SOURCE);
      if (!text) throw new Error(`${a.artifactId} ${a.version}: no ${PLUGIN_SOURCE}`);
      // the check: if (currentVersion.compareTo(GradleVersion.version("7.5")) < 0) throw ... "requires Gradle 7.x (7.5 or later)"
      const check = /compareTo\(GradleVersion\.version\("([\d.]+)"\)\)\s*<\s*0\)\s*\{?\s*throw new GradleException\(\s*"Spring Boot plugin requires Gradle ([^"]*)"/.exec(text);
      // from 3.4 the plugin checks nothing: the minimum is only documented (the table names the page)
      if (!check) return { minor: m.minor, boot: m.latest, gradle: null, note: `${PLUGIN_SOURCE} has no Gradle version check` };
      return { minor: m.minor, boot: m.latest, gradle: check[1]!, message: check[2]!.trim() };
    }),
  };
}
