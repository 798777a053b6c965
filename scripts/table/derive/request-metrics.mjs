// Derives scripts/table/facts/actuator-request-metrics.json from the published jars of
// org.springframework.boot:spring-boot-actuator-autoconfigure on Maven Central at 2.7.18 and
// 3.0.13: the 2.7 request-metric keys (management.metrics.web.{server,client}.request.*), and the
// 3.0 keys that take their place (per-meter distribution and enable maps, the observation names
// whose descriptions give the default meter names). The table builder
// (scripts/table/properties-request-metrics.ts) maps one onto the other.
//
//   node scripts/table/derive/request-metrics.mjs [--repo ~/.m2/repository]
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { centralPath, jarOf, localRepository, metadata, sha1Of } from './jar-metadata.mjs';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'facts', 'actuator-request-metrics.json');
const repo = localRepository(process.argv.slice(2));
const GROUP = 'org.springframework.boot';
const ARTIFACT = 'spring-boot-actuator-autoconfigure';
const KEYS = /^management\.(metrics\.web\.(server|client)\.request\.|metrics\.distribution\.percentiles|metrics\.enable$|observations\.http\.)/;

const lines = ['2.7.18', '3.0.13'].map((version) => {
  const jar = jarOf(repo, GROUP, ARTIFACT, version);
  return {
    coordinates: `${GROUP}:${ARTIFACT}:${version}`,
    sha1: sha1Of(jar),
    source: `${centralPath(GROUP, ARTIFACT, version)}: META-INF/spring-configuration-metadata.json (with the additional metadata it merges)`,
    properties: metadata(jar, (name) => KEYS.test(name)),
  };
});

const facts = {
  description: 'Request-metric keys of Spring Boot Actuator 2.7 and the per-meter keys of 3.0 that take their place, as the published jars give them. Derived by scripts/table/derive/request-metrics.mjs; do not edit by hand.',
  old: lines[0],
  new: lines[1],
};
writeFileSync(out, JSON.stringify(facts, null, 2) + '\n');
process.stdout.write(`wrote ${path.relative(process.cwd(), out)}: ${lines.map((l) => `${l.coordinates} ${l.properties.length} properties`).join('; ')}\n`);
