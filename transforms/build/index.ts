// Passes of the build transform (Maven, Gradle Groovy and Kotlin DSL, version catalogs, wrapper),
// registered in transforms/index.ts.
import type { FilePass, LeaveAlone, ProjectPass } from '../../src/engine/types.js';
import { NON_BOOT_RULE } from './modules.js';
import { decideModules } from './module-decision.js';
import { catalogPass } from './catalog.js';
import { gradleKtsPass, gradlePass } from './gradle.js';
import { gradlePropertiesPass } from './gradle-properties.js';
import { mavenPass } from './maven.js';
import { wrapperPass } from './wrapper.js';
import { sleuthSourcesPass } from './sleuth.js';
import { uncheckedStarterPass } from './unchecked-starter.js';

export const filePasses: FilePass[] = [mavenPass, gradlePass, gradleKtsPass, catalogPass, wrapperPass, gradlePropertiesPass, uncheckedStarterPass];

export const projectPasses: ProjectPass[] = [sleuthSourcesPass];

/** The module decision (module-decision.ts); it reads the builds, gradle.properties and catalogs even when no build pass runs. */
export const LEAVE_ALONE: LeaveAlone = { rule: NON_BOOT_RULE, kinds: ['pom', 'gradle', 'gradle-kts', 'gradle-properties', 'version-catalog'], decide: decideModules };
