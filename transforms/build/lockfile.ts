// build/gradle-lockfile: Gradle dependency lockfiles (`gradle.lockfile`, `buildscript-gradle.lockfile`,
// the older `gradle/dependency-locks/<configuration>.lockfile`) pin every resolved version. No pass
// edits them: their content is what Gradle resolved, and hand-edited locks drift from the graph
// the new versions resolve. A lockfile that still pins a Boot 2 artifact fails the build once the
// scripts ask for Boot 3.0 (Gradle refuses versions that differ from the lock), so it is reported
// at its first Boot 2 line with the command that regenerates it.
import path from 'node:path';
import type { FilePass, PassContext, PassResult, SourceFile } from '../../src/engine/types.js';
import { isBoot2 } from './facts.js';
import { PassOutput } from './out.js';

/** `group:artifact:version` at the start of a line, then `=configurations` (current format) or nothing (legacy). */
const LOCKED = /^([A-Za-z0-9_.-]+):([A-Za-z0-9_.-]+):([^=\s]+)(?:=\S*)?[ \t]*\r?$/gm;

export const lockfilePass: FilePass = {
  id: 'build/gradle-lockfile',
  description: 'Gradle dependency lockfiles that still pin Spring Boot 2 artifacts: reported with the command that regenerates them',
  kinds: ['gradle-lockfile'],
  rules: ['build/gradle-lockfile'],
  prefilter: (text) => text.includes('org.springframework.boot:'),
  run: reportLockfile,
};

export function reportLockfile(file: SourceFile, ctx: PassContext): PassResult {
  const out = new PassOutput();
  const boot = ctx.table.build?.boot.groupId ?? 'org.springframework.boot';
  const pinned: { offset: number; text: string }[] = [];
  for (const m of file.text.matchAll(LOCKED)) {
    if (m[1] === boot && isBoot2(m[3]!)) pinned.push({ offset: m.index!, text: `${m[1]}:${m[2]}:${m[3]}` });
  }
  if (pinned.length === 0) return out.result();
  const first = pinned[0]!;
  const others = pinned.length > 1 ? ` and ${pinned.length - 1} more Boot 2 pin(s)` : '';
  out.report('build/gradle-lockfile', 'error', first.offset, `${first.text}${others} locked here: Gradle rejects the Boot 3.0 versions the build now asks for until the lock is regenerated — ${regenerateCommand(file.path)}`);
  return out.result();
}

/** What regenerates this lockfile, from where it lives. */
function regenerateCommand(filePath: string): string {
  const base = path.posix.basename(filePath);
  const dir = path.posix.dirname(filePath);
  if (base === 'buildscript-gradle.lockfile') return `run ./gradlew buildEnvironment --write-locks in ${dir === '.' ? 'the build root' : dir}`;
  if (/(^|\/)gradle\/dependency-locks$/.test(dir)) {
    const owner = dir.replace(/\/?gradle\/dependency-locks$/, '') || 'the build root';
    return `run ./gradlew dependencies --write-locks in ${owner} (or ./gradlew <project>:dependencies --write-locks from the root; a configuration locked only by a task needs that task with --write-locks)`;
  }
  return `run ./gradlew dependencies --write-locks in ${dir === '.' ? 'the build root' : dir} (or ./gradlew <project>:dependencies --write-locks from the root)`;
}
