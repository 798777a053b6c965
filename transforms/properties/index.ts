// Passes of this transform, registered in transforms/index.ts. (Empty until its passes land.)
import type { FilePass, ProjectPass } from '../../src/engine/types.js';

export const filePasses: FilePass[] = [];

export const projectPasses: ProjectPass[] = [];
