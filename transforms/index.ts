// The registry of passes, in the order they run. One folder per transform; each exports its
// file passes and project passes from its index.ts.
import type { FilePass, ProjectPass, RunDecision } from '../src/engine/types.js';
import * as properties from './properties/index.js';
import * as yaml from './yaml/index.js';
import * as sources from './sources/index.js';
import * as build from './build/index.js';
import * as project from './project/index.js';
import * as coherence from './coherence/index.js';
import { propertySourcesDecision } from '../src/properties/profile-files.js';

// coherence runs last: it judges the files as every other pass left them.
const TRANSFORMS = [properties, yaml, sources, build, project, coherence];

export const FILE_PASSES: FilePass[] = TRANSFORMS.flatMap((t) => t.filePasses);

export const PROJECT_PASSES: ProjectPass[] = TRANSFORMS.flatMap((t) => t.projectPasses);

/** Modules that are not Spring Boot modules (Android, Gradle plugins, BOM-only, Boot-free builds): left alone. */
export { LEAVE_ALONE } from './build/index.js';

/** Choices that span passes, made once per run before any pass (src/engine/types.ts RunDecision). */
export const RUN_DECISIONS: RunDecision[] = [...sources.runDecisions, propertySourcesDecision];
