// Passes of the properties transform, registered in transforms/index.ts.
import type { FilePass, PassContext, ProjectPass } from '../../src/engine/types.js';
import { splitKey } from '../../src/properties/resolve.js';
import { tableIndex } from '../../src/table/load.js';
import { migrateProperties } from './migrate.js';
import { ALL_RULES } from './rules.js';

/** First segments of every key the table knows (spring, management, ...), lower case. */
function firstSegments(ctx: PassContext): string[] {
  return tableIndex(ctx.table, 'properties/first-segments', (t) => {
    const p = t.properties;
    const keys = [
      ...p.rename.map((r) => r.from),
      ...p.renamePrefix.map((r) => r.from),
      ...p.remove.map((r) => r.key),
      ...p.convert.flatMap((r) => r.from),
      ...p.values.flatMap((r) => r.keys),
      ...p.profileSpecificForbidden,
    ];
    return [...new Set(keys.map((k) => splitKey(k)[0]!.toLowerCase().replace(/[-_]/g, '')))];
  });
}

export const propertiesPass: FilePass = {
  id: 'properties',
  description: 'Spring Boot .properties files: key renames, value conversions, endpoint ids, removed and profile-specific keys',
  kinds: ['properties'],
  rules: ALL_RULES,
  // Relaxed binding allows SPRING.redis..., so compare in lower case; a file that names none of
  // the table's first segments cannot hold anything for this pass.
  prefilter(text, ctx) {
    const lower = text.toLowerCase();
    return firstSegments(ctx).some((segment) => lower.includes(segment));
  },
  run: migrateProperties,
};

export const filePasses: FilePass[] = [propertiesPass];

export const projectPasses: ProjectPass[] = [];
