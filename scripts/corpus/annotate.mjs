// Puts each error of the compile after `migrate` beside what the run did: whether the tool edited the
// line (a wrong edit, when the baseline compiled) and whether an error finding of the same run names
// the file or the cause. Also lists the files the run changed in modules that do not use Boot.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Lines of the tree the run added or changed: Map<relative path, Set<line> | 'all'>. Read from the
 * tracked files only, so the build's own output (target/, even where no .gitignore names it) never
 * counts; files the run created count whole.
 */
export function editedLines(tree, created) {
  const diff = execFileSync('git', ['diff', 'HEAD', '-U0', '--no-renames', '--no-color'], { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 28 });
  const edited = new Map();
  let file = null;
  for (const line of diff.split('\n')) {
    let m;
    if ((m = /^\+\+\+ b\/(.*)$/.exec(line))) { file = m[1]; edited.set(file, new Set()); continue; }
    if (line.startsWith('+++ /dev/null')) { file = null; continue; }
    if (file && (m = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line))) {
      const start = +m[1];
      const count = m[2] === undefined ? 1 : +m[2];
      // A pure deletion (count 0) edits the line it leaves behind.
      for (let i = start; i < start + Math.max(count, 1); i++) edited.get(file).add(i);
    }
  }
  for (const c of created ?? []) edited.set(typeof c === 'string' ? c : c.path, 'all');
  return edited;
}

/** Words of a cause that a finding would have to mention to name it. */
export function causeTokens(cls) {
  let m;
  if ((m = /Could not (?:find|transfer) artifact (\S+):(\S+)/.exec(cls))) return [`${m[1]}:${m[2]}`, m[2]];
  if ((m = /version missing for (\S+):(\S+)/.exec(cls))) return [`${m[1]}:${m[2]}`, m[2]];
  if ((m = /^package (\S+) does not exist/.exec(cls))) return [m[1]];
  if ((m = /^cannot find symbol: class (\S+)/.exec(cls))) return [m[1]];
  if ((m = /^cannot find symbol: \w+ (\w+)(?: in (\w+))?/.exec(cls))) return [m[1]];
  if ((m = /^does not override abstract method (\w+) in (\S+)/.exec(cls))) return [m[2], m[1]];
  if ((m = /^(\w+) in (\w+) cannot be applied/.exec(cls))) return [m[1]];
  if ((m = /^incompatible types: (\w+) cannot be converted to (\w+)/.exec(cls))) return [m[1], m[2]];
  if ((m = /^Unresolved reference: (\S+)/.exec(cls))) return [m[1]];
  if ((m = /^unable to resolve class (\S+)/.exec(cls))) return [m[1].replace(/.*\./, '')];
  return [];
}

const mentions = (text, token) => new RegExp(`(^|[^\\w.])${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w])`).test(text);

function sourceLine(tree, file, line) {
  try {
    const text = readFileSync(join(tree, file), 'utf8').split('\n')[line - 1] ?? '';
    return text.trim().slice(0, 200);
  } catch { return ''; }
}

/** The nearest build file at or above a changed file, and whether it or a build file above it uses Boot. */
function moduleOf(tree, file) {
  let d = dirname(file);
  for (;;) {
    for (const b of ['pom.xml', 'build.gradle', 'build.gradle.kts']) {
      if (existsSync(join(tree, d, b))) return join(d, b);
    }
    if (d === '.' || d === '') return null;
    d = dirname(d);
  }
}

/** A file as it was before the run ('' when the run created it or it never existed). */
function headText(tree, path) {
  try {
    return execFileSync('git', ['show', `HEAD:${path}`], { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch { return ''; }
}

const BOOT = /org\.springframework\.boot|spring-boot|spring-cloud/;

/**
 * @param {string} tree the migrated tree (a git repository whose HEAD is the export)
 * @param {{errors: any[]}} build the compile after the run
 * @param {{findings?: any[], changes?: any[]}} migrate the run's JSON, findings without info
 * @param {Map<string, Set<number> | 'all'>} [editedBeforeBuild] the run's edits, read before the build
 */
export function annotate(tree, build, migrate, editedBeforeBuild) {
  // Read before the build when we can: some builds rewrite sources themselves (license headers).
  const edited = editedBeforeBuild ?? editedLines(tree, migrate.created);
  const errorFindings = (migrate.findings ?? []).filter((f) => f.severity === 'error');
  for (const e of build.errors) {
    if (!e.file) {
      const tokens = causeTokens(e.cls);
      e.findingNamesCause = errorFindings.some((f) => tokens.some((t) => mentions(f.message, t)));
      continue;
    }
    e.source = sourceLine(tree, e.file, e.line);
    e.editedFile = edited.has(e.file);
    const lines = edited.get(e.file);
    e.editedLine = lines === 'all' || (lines?.has(e.line) ?? false);
    e.findingNamesFile = errorFindings.some((f) => f.path === e.file);
    const tokens = causeTokens(e.cls);
    e.findingNamesCause = errorFindings.some((f) => tokens.some((t) => mentions(f.message, t)));
  }
  // Modules where no build file names Boot or Cloud: not its own, not one below it (an aggregator
  // of Boot modules). A parent that names Boot does not count: a plain module stays plain in a Boot
  // reactor. A list to read, not a verdict: a module may get Boot only through its parent.
  const buildFiles = execFileSync('git', ['ls-files', '-z', '--', '*pom.xml', '*build.gradle', '*build.gradle.kts'], { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 26 })
    .split('\0').filter((f) => /(^|\/)(pom\.xml|build\.gradle(\.kts)?)$/.test(f));
  const bootBuild = new Set(buildFiles.filter((f) => BOOT.test(headText(tree, f))));
  const usesBoot = (mod) => {
    const dir = dirname(mod) === '.' ? '' : dirname(mod) + '/';
    return [...bootBuild].some((b) => {
      const bdir = dirname(b) === '.' ? '' : dirname(b) + '/';
      return b === mod || bdir.startsWith(dir);
    });
  };
  const nonBoot = new Map();
  for (const c of migrate.changes ?? []) {
    const mod = moduleOf(tree, c.path);
    if (!mod || usesBoot(mod)) continue;
    if (!nonBoot.has(mod)) nonBoot.set(mod, []);
    nonBoot.get(mod).push(c.path);
  }
  return { nonBootModulesChanged: Object.fromEntries(nonBoot), errorFindings: errorFindings.length };
}
