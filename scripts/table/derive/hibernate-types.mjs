// Derives scripts/table/facts/hibernate-types.json from published jars on Maven Central:
// - the classes of com.vladmihalcea:hibernate-types-55 (the Boot 2.7 / Hibernate 5.6 line) under
//   com.vladmihalcea.hibernate.type, and of io.hypersistence:hypersistence-utils-hibernate-60 (the
//   line for Hibernate 6.0 and 6.1, which Boot 3.0 manages) under io.hypersistence.utils.hibernate.type:
//   a class with the same name below the new package is its twin;
// - the basic types of org.hibernate:hibernate-core 5.6.15 (Boot 2.7) that
//   org.hibernate.orm:hibernate-core 6.1.7 (Boot 3.0) no longer has, with the StandardBasicTypes
//   constant of 5.6 that held each (StandardBasicTypes.LONG was a LongType), read with javap.
//
//   node scripts/table/derive/hibernate-types.mjs [--repo ~/.m2/repository]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { centralPath, jarOf, localRepository, sha1Of } from './jar-metadata.mjs';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'facts', 'hibernate-types.json');
const repo = localRepository(process.argv.slice(2));

const classes = (jar, pkg) =>
  execFileSync('unzip', ['-Z1', jar], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\n')
    .filter((e) => e.startsWith(pkg.replace(/\./g, '/') + '/') && e.endsWith('.class') && !e.includes('$'))
    .map((e) => e.slice(0, -'.class'.length).replace(/\//g, '.'))
    .sort();

function line(group, artifact, version, pkg) {
  const jar = jarOf(repo, group, artifact, version);
  return { coordinates: `${group}:${artifact}:${version}`, sha1: sha1Of(jar), source: centralPath(group, artifact, version), package: pkg, classes: classes(jar, pkg).map((c) => c.slice(pkg.length + 1)) };
}

/** `public static final org.hibernate.type.LongType LONG;` lines of javap: constant -> type. */
function constants(jar, cls) {
  const text = execFileSync('javap', ['-public', '-cp', jar, cls], { encoding: 'utf8' });
  const out = {};
  for (const m of text.matchAll(/public static final ([\w.$<>]+) (\w+);/g)) out[m[2]] = m[1].replace(/<.*$/, '');
  return out;
}

const oldCore = jarOf(repo, 'org.hibernate', 'hibernate-core', '5.6.15.Final');
const newCore = jarOf(repo, 'org.hibernate.orm', 'hibernate-core', '6.1.7.Final');
const oldTypes = new Set(classes(oldCore, 'org.hibernate.type'));
const newTypes = new Set(classes(newCore, 'org.hibernate.type'));
const held = constants(oldCore, 'org.hibernate.type.StandardBasicTypes');
const removedBasicTypes = Object.entries(held)
  .filter(([, type]) => type.startsWith('org.hibernate.type.') && oldTypes.has(type) && !newTypes.has(type))
  .map(([constant, type]) => ({ type, constant }))
  .sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : a.constant < b.constant ? -1 : 1));

const facts = {
  description: 'hibernate-types -> hypersistence-utils class twins, and the Hibernate 5.6 basic types that 6.1 removed with the StandardBasicTypes constant that held each, as the published jars give them. Derived by scripts/table/derive/hibernate-types.mjs; do not edit by hand.',
  hibernateTypes: line('com.vladmihalcea', 'hibernate-types-55', '2.21.1', 'com.vladmihalcea.hibernate.type'),
  hypersistence: line('io.hypersistence', 'hypersistence-utils-hibernate-60', '3.7.0', 'io.hypersistence.utils.hibernate.type'),
  core: {
    old: { coordinates: 'org.hibernate:hibernate-core:5.6.15.Final', sha1: sha1Of(oldCore), source: centralPath('org.hibernate', 'hibernate-core', '5.6.15.Final') },
    new: { coordinates: 'org.hibernate.orm:hibernate-core:6.1.7.Final', sha1: sha1Of(newCore), source: centralPath('org.hibernate.orm', 'hibernate-core', '6.1.7.Final') },
    standardBasicTypesIn6: Object.keys(constants(newCore, 'org.hibernate.type.StandardBasicTypes')).sort(),
    removedBasicTypes,
  },
};
writeFileSync(out, JSON.stringify(facts, null, 2) + '\n');
process.stdout.write(`wrote ${path.relative(process.cwd(), out)}: ${facts.hibernateTypes.classes.length} hibernate-types classes, ${facts.hypersistence.classes.length} hypersistence-utils classes, ${removedBasicTypes.length} removed basic types\n`);
