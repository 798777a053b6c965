// Where a build declares a coordinate it could not resolve: the line to fix. Build files below
// the build root are read (pom.xml, *.gradle(.kts), version catalogs), never written; a
// coordinate that no file names (a transitive one) is placed on the build root's build file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface Place {
  file: string;
  line: number;
  column: number;
}

const NOT_SEARCHED = new Set(['node_modules', 'target', 'build', 'out', 'bin', 'dist']);
const MAX_FILES = 2000;
const MAX_DEPTH = 8;
const isBuildFile = (name: string) => name === 'pom.xml' || /\.gradle(\.kts)?$/.test(name) || /\.versions\.toml$/.test(name);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function buildFiles(dir: string, depth = 0, out: string[] = []): string[] {
  if (depth > MAX_DEPTH || out.length >= MAX_FILES) return out;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (e.isFile() && isBuildFile(e.name)) out.push(path.join(dir, e.name));
    else if (e.isDirectory() && (!e.name.startsWith('.') || depth === 0) && !NOT_SEARCHED.has(e.name) && e.name !== '.git') buildFiles(path.join(dir, e.name), depth + 1, out);
  }
  return out;
}

function placeOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** The offset in `text` where g:a is declared, by the notations builds use. */
function declaration(text: string, groupId: string, artifactId: string): number | undefined {
  const g = escape(groupId);
  const a = escape(artifactId);
  // Gradle and catalogs: 'g:a:v', "g:a", module = "g:a"
  const joined = new RegExp(`['"]${g}:${a}(?::|['"])`).exec(text);
  if (joined) return joined.index + 1;
  // Maven: <artifactId>a</artifactId> with its <groupId> close by (either side)
  for (const m of text.matchAll(new RegExp(`<artifactId>\\s*${a}\\s*</artifactId>`, 'g'))) {
    const around = text.slice(Math.max(0, m.index - 600), m.index + 600);
    if (new RegExp(`<groupId>\\s*${g}\\s*</groupId>`).test(around)) return m.index;
  }
  // Gradle map notation and catalog tables: group: 'g', name: 'a' / group = "g", name = "a"
  const map = new RegExp(`group\\s*[:=]\\s*['"]${g}['"]\\s*,\\s*name\\s*[:=]\\s*['"]${a}['"]`).exec(text);
  if (map) return map.index;
  // a Gradle plugin, by its id (the marker artifact is <id>.gradle.plugin)
  if (artifactId === `${groupId}.gradle.plugin`) {
    const id = new RegExp(`id\\s*\\(?\\s*['"]${g}['"]|id\\s*=\\s*['"]${g}['"]`).exec(text);
    if (id) return id.index;
  }
  return undefined;
}

export function locateDeclaration(buildRoot: string, groupId: string, artifactId: string): Place | undefined {
  for (const file of buildFiles(buildRoot)) {
    let text: string;
    try {
      if (statSync(file).size > 4 * 1024 * 1024) continue;
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const at = declaration(text, groupId, artifactId);
    if (at !== undefined) return { file, ...placeOf(text, at) };
  }
  return undefined;
}
