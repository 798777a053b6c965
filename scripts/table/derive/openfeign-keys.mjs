// Derives scripts/table/facts/spring-cloud-openfeign-keys.json from the published jars of
// org.springframework.cloud:spring-cloud-openfeign-core on Maven Central: the last 2021.0 line
// (3.1.9, Boot 2.7) and the 2022.0.5 train's (4.0.6, Boot 3.0). For each jar it records the
// configuration metadata and the property names its classes test in @ConditionalOnProperty (with
// the classes that hold them), so keys the metadata misses are there too. The table builder
// (scripts/table/openfeign-keys.ts) maps one onto the other.
//
//   node scripts/table/derive/openfeign-keys.mjs [--repo ~/.m2/repository]
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { centralPath, conditionKeys, jarOf, localRepository, metadata, sha1Of } from './jar-metadata.mjs';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'facts', 'spring-cloud-openfeign-keys.json');
const repo = localRepository(process.argv.slice(2));
const GROUP = 'org.springframework.cloud';
const ARTIFACT = 'spring-cloud-openfeign-core';
const LINES = [
  { version: '3.1.9', train: '2021.0.9', prefix: 'feign.' },
  { version: '4.0.6', train: '2022.0.5', prefix: 'spring.cloud.openfeign.' },
];

const lines = LINES.map(({ version, train, prefix }) => {
  const jar = jarOf(repo, GROUP, ARTIFACT, version);
  return {
    coordinates: `${GROUP}:${ARTIFACT}:${version}`,
    train,
    prefix,
    sha1: sha1Of(jar),
    source: `${centralPath(GROUP, ARTIFACT, version)}: META-INF/spring-configuration-metadata.json, META-INF/additional-spring-configuration-metadata.json and the class files' constant pools`,
    properties: metadata(jar).map(({ name, type, description }) => ({ name, type, description })),
    conditions: conditionKeys(jar, prefix),
  };
});

const facts = {
  description: 'Configuration keys of Spring Cloud OpenFeign on the 2021.0 train (Boot 2.7) and the 2022.0 train (Boot 3.0), as the published jars give them. Derived by scripts/table/derive/openfeign-keys.mjs; do not edit by hand.',
  old: lines[0],
  new: lines[1],
};
writeFileSync(out, JSON.stringify(facts, null, 2) + '\n');
process.stdout.write(`wrote ${path.relative(process.cwd(), out)}: ${lines.map((l) => `${l.coordinates} ${l.properties.length} properties, ${l.conditions.length} condition keys`).join('; ')}\n`);
