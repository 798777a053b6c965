// Passes of the properties transform, registered in transforms/index.ts.
import type { FilePass, ProjectPass } from '../../src/engine/types.js';
import { mentionsTableKeys } from '../../src/properties/resolve.js';
import { mentionsLibraryConfig } from '../../src/properties/library-config.js';
import { migrateProperties } from './migrate.js';
import { ALL_RULES } from './rules.js';
import { traceIdInputsPass, traceIdPatternPass } from './trace-id-pattern.js';

export const propertiesPass: FilePass = {
  id: 'properties',
  description: 'Spring Boot .properties files: key renames, value conversions, endpoint ids, removed and profile-specific keys',
  kinds: ['properties'],
  rules: ALL_RULES,
  prefilter: (text, ctx) => mentionsTableKeys(ctx.table, text) || mentionsLibraryConfig(text),
  settles: true, // no renamed key is renamed again (test/settles-config.test.ts)
  run: migrateProperties,
};

// trace-id-pattern also reads YAML and logback/log4j2 XML: it is about the log configuration as a whole.
export const filePasses: FilePass[] = [propertiesPass, traceIdPatternPass];

export const projectPasses: ProjectPass[] = [traceIdInputsPass];
