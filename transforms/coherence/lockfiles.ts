// Gradle dependency lockfiles (gradle.lockfile, gradle/dependency-locks/*.lockfile) pin every
// resolved version: after the migration they still say Boot 2 until they are written again, and
// a locked build then fails to resolve. One finding per lockfile, at its first stale line.
import type { FindingInput, ProjectFile } from '../../src/engine/types.js';
import { belowMinimum, DOCS, libraryOf, type CoherenceFacts } from './facts.js';

const LOCK_LINE = /^([^#\s:]+):([^:\s]+):([^=\s]+)=/gm;

export function checkLockfile(file: ProjectFile, facts: CoherenceFacts): FindingInput | undefined {
  if (file.text === undefined) return undefined;
  let first: { offset: number; what: string } | undefined;
  let count = 0;
  for (const m of file.text.matchAll(LOCK_LINE)) {
    const lib = libraryOf(facts, m[1]!, m[2]!);
    if (!lib || !belowMinimum(lib, m[3]!)) continue;
    count++;
    first ??= { offset: m.index!, what: `${m[1]}:${m[2]}:${m[3]} (${lib.library}, Boot 3.0 needs ${lib.minimum} or later)` };
  }
  if (!first) return undefined;
  return {
    rule: 'coherence/lockfile',
    severity: 'error',
    path: file.path,
    offset: first.offset,
    message: `${count} locked version(s) are below what Boot 3.0 needs, first ${first.what}; a locked build will not resolve: write the locks again with '${facts.section.lockfileCommand}' once the build files are migrated`,
    docs: DOCS,
  };
}
