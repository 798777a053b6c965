// Project passes: they see several files at once and may create or delete files.
import type { FilePass, ProjectPass } from '../../src/engine/types.js';
import { bannerPass } from './banner.js';
import { factoriesPass } from './factories.js';
import { autoConfigurationPass } from './auto-configuration.js';
import { runtimePass } from './runtime.js';
import { envPass } from './env.js';
import { trailingSlashPass } from './trailing-slash.js';
import { launcherPass } from './launcher.js';

export const filePasses: FilePass[] = [launcherPass];

export const projectPasses: ProjectPass[] = [factoriesPass, autoConfigurationPass, bannerPass, runtimePass, envPass, trailingSlashPass];
