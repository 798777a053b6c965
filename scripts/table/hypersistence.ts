// hibernate-types (com.vladmihalcea, the Hibernate 5 line Boot 2.7 apps use) has no Hibernate 6
// release under that name: its successor is hypersistence-utils, whose hypersistence-utils-hibernate-60
// artifact is the line for Hibernate 6.0 and 6.1 (Boot 3.0 manages 6.1.7), with the classes under
// io.hypersistence.utils.hibernate.type. The build renames the artifact (a library row) and the
// code follows with it (a variant row, transforms/sources/jakarta/jakarta-variants.ts): a class
// with the same name below the new package is its twin; a class without one leaves its file as it
// is, with an error. The facts are both jars' class lists (scripts/table/facts/hibernate-types.json,
// scripts/table/derive/hibernate-types.mjs).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LibraryRow } from '../../src/table/sections/build.js';
import type { JakartaVariantRow } from '../../src/table/sections/libraries.js';

interface Line {
  coordinates: string;
  source: string;
  package: string;
  classes: string[];
}

interface Facts {
  hibernateTypes: Line;
  hypersistence: Line;
  core: { old: { source: string }; new: { source: string }; standardBasicTypesIn6: string[]; removedBasicTypes: { type: string; constant: string }[] };
}

export function hibernateTypesFacts(): Facts {
  return JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'facts', 'hibernate-types.json'), 'utf8')) as Facts;
}

/** The artifacts of the Hibernate 5 lines Boot 2.x applications use (-5 for 5.0/5.1, -52 for 5.2/5.3, -55 for 5.4-5.6). */
const OLD_ARTIFACTS = ['hibernate-types-5', 'hibernate-types-52', 'hibernate-types-55'];

const coordinate = (line: Line) => line.coordinates.split(':') as [string, string, string];

export function hypersistenceLibraries(): LibraryRow[] {
  const { hibernateTypes, hypersistence } = hibernateTypesFacts();
  const [g, a, version] = coordinate(hypersistence);
  return OLD_ARTIFACTS.map((artifactId) => ({
    from: { groupId: coordinate(hibernateTypes)[0], artifactId },
    action: 'rename',
    to: { groupId: g, artifactId: a },
    version,
    note: `hibernate-types has no Hibernate 6 line: its successor ${g}:${a} is built for Hibernate 6.0 and 6.1 (Boot 3.0 manages 6.1.7), with the classes under ${hypersistence.package}`,
    source: `${hypersistence.source}; ${hibernateTypes.source}`,
  }));
}

export function hypersistenceVariant(): JakartaVariantRow {
  const { hibernateTypes, hypersistence } = hibernateTypesFacts();
  const [g, a] = coordinate(hypersistence);
  const twins = new Set(hypersistence.classes);
  return {
    artifacts: [`${coordinate(hibernateTypes)[0]}:hibernate-types-*`],
    jakartaArtifacts: [`${g}:${a}`],
    packages: [{ from: hibernateTypes.package, to: hypersistence.package }],
    types: [],
    members: [],
    gone: hibernateTypes.classes
      .filter((c) => !twins.has(c))
      .map((c) => ({ name: `${hibernateTypes.package}.${c}`, replacement: `${a} ${coordinate(hypersistence)[2]} has no ${hypersistence.package}.${c}` })),
    note: 'hibernate-types does not run on Hibernate 6; hypersistence-utils-hibernate-60 is the same library for it',
    source: `${hypersistence.source}; ${hibernateTypes.source}`,
  };
}

/** Hibernate 5.6 basic types 6.1 removed, with the StandardBasicTypes constant 6.1 still has for each. */
export function removedBasicTypes(): { rows: { type: string; constant?: string }[]; source: string } {
  const { core } = hibernateTypesFacts();
  const in6 = new Set(core.standardBasicTypesIn6);
  const rows = new Map<string, { type: string; constant?: string }>();
  for (const r of core.removedBasicTypes) if (!rows.has(r.type) || (!rows.get(r.type)!.constant && in6.has(r.constant))) rows.set(r.type, { type: r.type, ...(in6.has(r.constant) ? { constant: r.constant } : {}) });
  return { rows: [...rows.values()], source: `${core.new.source} (org.hibernate.type, StandardBasicTypes); ${core.old.source}` };
}
