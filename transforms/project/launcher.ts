// project/launcher-class: Spring Boot 3.2's nested-jar loader keeps its launchers in a new package
// (org.springframework.boot.loader.JarLauncher -> org.springframework.boot.loader.launch.JarLauncher;
// the old classes moved to spring-boot-loader-classic, which a built jar does not carry unless the
// build asks for the classic loader, and that one has the new names too). A Dockerfile's
// ENTRYPOINT, a MANIFEST.MF Main-Class, a start script or a build's manifest attribute naming an
// old launcher fails with ClassNotFoundException: the name is replaced for a target from 3.2 on.
// Which types moved is table data (targets steps movedTypes, from the published jars).
import type { Edit, FilePass, FindingInput, PassContext, PassResult, SourceFile } from '../../src/engine/types.js';
import { tableIndex } from '../../src/table/load.js';
import { resolveTarget, stepsTo } from '../../src/table/target.js';
import type { MigrationTable } from '../../src/table/types.js';

export const LAUNCHER_RULE = 'project/launcher-class';
const NEEDLE = 'org.springframework.boot.loader.';
const DOCS = 'https://github.com/spring-projects/spring-boot/wiki/Spring-Boot-3.2-Release-Notes#nested-jar-support';

interface Moves {
  to: Map<string, string>;
  pattern: RegExp | undefined;
}

function moves(table: MigrationTable, option: unknown): Moves {
  const release = resolveTarget(table, option);
  return tableIndex(table, `launcher-moves:${release}`, (t) => {
    const to = new Map<string, string>();
    for (const s of t.targets ? stepsTo(t.targets, release) : []) for (const m of s.movedTypes) to.set(m.from, m.to);
    const names = [...to.keys()].map((n) => n.replace(/[.$]/g, '\\$&'));
    // a whole name: not part of a longer identifier or package (…JarLauncherX, …JarLauncher.Inner)
    return { to, pattern: names.length ? new RegExp(`(?<![\\w$.])(?:${names.join('|')})(?![\\w$]|\\.[\\w$])`, 'g') : undefined };
  });
}

export function renameLaunchers(file: SourceFile, ctx: PassContext): PassResult {
  const { to, pattern } = moves(ctx.table, ctx.options.bootVersion);
  if (!pattern) return {};
  const edits: Edit[] = [];
  const findings: FindingInput[] = [];
  for (const m of file.text.matchAll(pattern)) {
    const target = to.get(m[0])!;
    edits.push({ start: m.index!, end: m.index! + m[0].length, text: target, rule: LAUNCHER_RULE });
    findings.push({ rule: LAUNCHER_RULE, severity: 'info', offset: m.index!, docs: DOCS, message: `${m[0]} is ${target} in Spring Boot 3.2's loader: a jar built by Boot 3.2 or later no longer has the old class` });
  }
  return { edits, findings };
}

export const launcherPass: FilePass = {
  id: 'project/launcher',
  description: 'launcher class names (Dockerfile, MANIFEST.MF, scripts, build manifests) moved to the Boot 3.2 loader package',
  kinds: ['env', 'script', 'pom', 'gradle', 'gradle-kts'],
  rules: [LAUNCHER_RULE],
  prefilter: (text) => text.includes(NEEDLE),
  run: renameLaunchers,
};
