// The `coherence` section: what a migrated build must resolve for Boot 3.0 to build and start.
// One row per library whose line moves to a new major with Boot 3.0 (Spring Boot itself, Spring
// Framework, Security, Hibernate, the Jakarta APIs, ...) and the Spring Cloud release train.
// A pin below `minimum` left anywhere in a build is an error finding (transforms/coherence).

export interface CoherenceLibrary {
  /** Library name as Spring Boot's dependency management names it ('Spring Framework'). */
  library: string;
  /** Boot's version property, when it has one ('spring-framework.version'). */
  versionProperty?: string;
  /** 'groupId:artifactId' of every module, BOM and plugin of the library. */
  coordinates: string[];
  /** The lowest version that works with Boot 3.0 ('6.0.0'); a pin below it stops the build or start-up. */
  minimum: string;
  /** What Boot 3.0 (the default release) manages, to name in the finding. */
  boot30: string;
  /** What Boot 2.7 managed. */
  boot27?: string;
  /** Release-train names without a leading number (Hoxton.SR12) are all older than `minimum`. */
  namedReleasesAreOlder?: boolean;
  source: string;
}

export interface CoherenceSection {
  libraries: CoherenceLibrary[];
  /** Gradle dependency lockfiles: the command that writes them again. */
  lockfileCommand: string;
}
