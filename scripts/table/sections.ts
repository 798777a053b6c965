// Builders for the table sections beyond `properties`, one module each (code, build, project).
// A section's builder reads ../shared/data and returns the JSON of that section; register it here.
import type { DataDir } from './data.js';
import { buildBuild } from './build.js';
import { buildProject } from './project.js';
import { buildCode } from './code.js';
import { buildCoherence } from './coherence.js';
import { buildLibraries } from './libraries.js';
import { buildLibraryConfig } from './library-config.js';
import { buildTargets } from './targets.js';

export type SectionBuilder = (data: DataDir) => unknown;

export const SECTION_BUILDERS: Record<string, SectionBuilder> = {
  build: buildBuild,
  project: buildProject,
  code: buildCode,
  coherence: buildCoherence,
  libraries: buildLibraries,
  libraryConfig: buildLibraryConfig,
  targets: buildTargets,
};
