// Derives scripts/table/spring6-removed-types.json: every top-level class of the Spring Framework
// jars at the version Boot 2.7.18 manages (5.3.31) that none of them has at the version Boot 3.0.13
// manages (6.0.14), from the class lists of the published jars (resolved through Maven into the
// local repository by scripts/data/maven.ts, read by scripts/data/jar.ts).
//
//   npx tsx scripts/derive/spring6-removed-types.ts [--offline]
import { writeFileSync } from 'node:fs';
import { ensureArtifacts, ReadLog, type Artifact } from '../data/maven.js';
import { entryNames } from '../data/jar.js';

const FROM = '5.3.31';
const TO = '6.0.14';
const ARTIFACTS = ['spring-core', 'spring-beans', 'spring-context', 'spring-context-support', 'spring-web', 'spring-webmvc', 'spring-webflux', 'spring-jdbc', 'spring-orm', 'spring-tx', 'spring-jms', 'spring-messaging', 'spring-test', 'spring-aop'];
const OUT = new URL('../table/spring6-removed-types.json', import.meta.url);

const jar = (artifactId: string, version: string): Artifact => ({ groupId: 'org.springframework', artifactId, version });

/** Top-level classes of a jar (nested classes and package-info left out). */
function classes(log: ReadLog, a: Artifact): Set<string> {
  return new Set(
    entryNames(log.read(a))
      .filter((n) => n.endsWith('.class') && !n.includes('$') && !n.endsWith('package-info.class') && !n.endsWith('module-info.class') && !n.startsWith('META-INF/'))
      .map((n) => n.slice(0, -'.class'.length).replace(/\//g, '.')),
  );
}

const offline = process.argv.includes('--offline');
const wanted = ARTIFACTS.flatMap((a) => [jar(a, FROM), jar(a, TO)]);
const missing = ensureArtifacts(wanted, offline);
if (missing.length) throw new Error(`not resolved: ${missing.map((a) => `${a.artifactId}:${a.version}`).join(', ')}`);
const log = new ReadLog();
const before = new Set(ARTIFACTS.flatMap((a) => [...classes(log, jar(a, FROM))]));
const after = new Set(ARTIFACTS.flatMap((a) => [...classes(log, jar(a, TO))]));
const types = [...before].filter((t) => !after.has(t)).sort();
const out = {
  derivation: `Every top-level class of these artifacts at ${FROM} (the Spring Framework Boot 2.7.18 manages) that none of them has at ${TO} (Boot 3.0.13): the class lists of the published jars, compared.`,
  artifacts: ARTIFACTS,
  source: `https://repo.maven.apache.org/maven2/org/springframework/<artifact>/${FROM}/<artifact>-${FROM}.jar ; https://repo.maven.apache.org/maven2/org/springframework/<artifact>/${TO}/<artifact>-${TO}.jar`,
  derivedBy: 'scripts/derive/spring6-removed-types.ts',
  types,
};
writeFileSync(OUT, JSON.stringify(out, null, 2) + '\n');
process.stderr.write(`${OUT.pathname}: ${types.length} types\n`);
