// The migration table: *what* changes, as data. Transforms hold *how*.
import type { PropertiesSection } from './sections/properties.js';
import type { SourcesSection } from './sections/sources.js';
import type { BuildSection } from './sections/build.js';
import type { ProjectSection } from './sections/project.js';
import type { CoherenceSection } from './sections/coherence.js';
import type { LibrariesSection } from './sections/libraries.js';
import type { LibraryConfigSection } from './sections/library-config.js';
import type { TargetsSection } from './sections/targets.js';

export type { PropertiesSection } from './sections/properties.js';

/** A manual follow-up that no transform can carry out: reported where it is detected. */
export interface ManualRow {
  id: string;
  message: string;
  docs: string;
  severity: 'error' | 'warning' | 'info';
}

export interface MigrationTable {
  $schema?: string;
  from: string;
  to: string;
  /** Where every fact came from (the data files and their upstream sources). */
  sources: string[];
  /** Links into the Spring Boot 3.0 Migration Guide, by topic. */
  docs: Record<string, string>;
  properties: PropertiesSection;
  code?: SourcesSection;
  build?: BuildSection;
  project?: ProjectSection;
  coherence?: CoherenceSection;
  libraries?: LibrariesSection;
  libraryConfig?: LibraryConfigSection;
  /** What each minor from 3.1 to 3.5 changes (src/table/target.ts composes them for a later target). */
  targets?: TargetsSection;
  manual?: ManualRow[];
}
