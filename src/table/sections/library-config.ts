// Configuration values and keys that Boot 3.0's library upgrades change, in application
// properties and YAML: Hibernate 6.1 dialect class names, springfox keys that springdoc 2
// replaces, and Spring Cloud OpenFeign's keys, which its 4.0 line reads under a new prefix. Filled by scripts/table/library-config.ts; every row names the public source its
// fact was read from. Read by src/properties/library-config.ts (properties and YAML passes).

/**
 * What a Hibernate 5.6 dialect class name becomes on Hibernate 6.1 (Boot 3.0):
 * - `rename`: the class is gone from 6.1; `to` is the 6.1 class that reads the database version
 *   from the connection, written in place of the old name.
 * - `deprecated`: still in 6.1 but pinned to one database version and deprecated (gone in 6.2,
 *   Boot 3.1); reported with `to`, not written (the generic class may pick newer SQL features).
 * - `community`: moved to the hibernate-community-dialects artifact as `to`; written only when a
 *   build file names that artifact, else reported.
 * - `report`: no class does the same job by itself; `replacement` says what to write.
 */
export interface DialectRow {
  from: string;
  status: 'rename' | 'deprecated' | 'community' | 'report';
  to?: string;
  replacement?: string;
  source: string;
}

export interface HibernateDialects {
  /** Keys whose value is a dialect class name (relaxed binding applies to the `spring.jpa` part). */
  keys: string[];
  /** The Hibernate version Boot 3.0 manages (the rows describe it). */
  hibernate: string;
  /** Coordinates of the artifact that holds the community dialects. */
  communityArtifact: string;
  dialects: DialectRow[];
}

/** A springfox 3 key: moved to `to` when springdoc has a key with the same meaning, else reported. */
export interface SpringfoxKey {
  from: string;
  to?: string;
  note: string;
  source: string;
}

export interface SpringfoxConfig {
  /** Every key below this prefix belongs to springfox; one not listed in `keys` is reported. */
  prefix: string;
  keys: SpringfoxKey[];
  source: string;
}

/**
 * A Spring Cloud OpenFeign 3.1 key (or, ending with '.', every key below a prefix): on 4.0 it is
 * `to`; without `to` 4.0 has nothing that reads it. `note`: why the application behaves
 * differently even with the key moved (reported as a warning).
 */
export interface OpenFeignKey {
  from: string;
  to?: string;
  note?: string;
  source: string;
}

/** Spring Cloud OpenFeign's keys, which its 4.0 line (the 2022.0 train, Boot 3.0) reads under a new prefix only. */
export interface OpenFeignConfig {
  /** The 3.1 line's prefix (`feign.`) and the 4.0 line's (`spring.cloud.openfeign.`). */
  prefix: string;
  to: string;
  /** The train and the release of the library on it that read only the new prefix. */
  train: string;
  version: string;
  /** Artifacts whose presence in a build file says the application runs Spring Cloud OpenFeign. */
  artifacts: string[];
  keys: OpenFeignKey[];
  source: string;
}

export interface LibraryConfigSection {
  hibernateDialects: HibernateDialects;
  springfox: SpringfoxConfig;
  openfeign: OpenFeignConfig;
}
