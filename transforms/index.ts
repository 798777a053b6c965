// The registry of passes, in the order they run. One module per transform.
import type { FilePass, ProjectPass } from '../src/engine/types.js';

export const FILE_PASSES: FilePass[] = [];

export const PROJECT_PASSES: ProjectPass[] = [];
