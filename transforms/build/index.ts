// Passes of the build transform (Maven, Gradle Groovy and Kotlin DSL, version catalogs, wrapper),
// registered in transforms/index.ts.
import type { FilePass, ProjectPass } from '../../src/engine/types.js';
import { gradleKtsPass, gradlePass } from './gradle.js';
import { mavenPass } from './maven.js';

export const filePasses: FilePass[] = [mavenPass, gradlePass, gradleKtsPass];

export const projectPasses: ProjectPass[] = [];
