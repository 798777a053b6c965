// Who uses an entry of a Gradle version catalog: the scripts of the catalog's build that write its
// accessor (`libs.spring.webflux`, through a bundle `libs.bundles.web`), and the places that read
// it in a way this tool cannot follow (`libs.versions.spring`, `findLibrary("spring-webflux")`,
// `findVersion("spring")` in a convention plugin). Shared by build/catalog-pinned-line and the
// coherence check, so both decide from the same uses.
import path from 'node:path/posix';
import type { ProjectFile, ProjectView } from '../../src/engine/types.js';
import type { TomlEntry } from '../../src/formats/toml.js';

/** Gradle's accessor for a catalog alias: `spring-boot_starter.web` -> `libs.spring.boot.starter.web`. */
export const accessorOf = (alias: string, plugin = false, catalog = 'libs') => `${catalog}.${plugin ? 'plugins.' : ''}${alias.replace(/[-_]/g, '.')}`;

/** `libs.a.b` as written in a text (not a prefix of `libs.a.b.c`, not the tail of `x.libs.a.b`). */
export function usesAccessor(text: string, accessor: string): boolean {
  for (let i = text.indexOf(accessor); i >= 0; i = text.indexOf(accessor, i + 1)) {
    const before = text[i - 1];
    const after = text.slice(i + accessor.length, i + accessor.length + 2);
    if ((before === undefined || !/[\w.]/.test(before)) && !/^(\w|\.\w)/.test(after)) return true;
  }
  return false;
}

/** The folder of the build a catalog belongs to (`gradle/libs.versions.toml` -> the folder above `gradle/`). */
export function catalogRoot(catalogPath: string): string {
  let dir = path.dirname(catalogPath);
  if (path.basename(dir) === 'gradle') dir = path.dirname(dir);
  return dir === '.' ? '' : dir;
}

/** The accessor name of a catalog: `libs` for `libs.versions.toml`, `deps` for `deps.versions.toml`. */
export const catalogName = (catalogPath: string) => path.basename(catalogPath).replace(/\.versions\.toml$/, '');

const inside = (p: string, dir: string) => dir === '' || p.startsWith(dir + '/');

export interface CatalogUses {
  /** The Gradle scripts of the catalog's build, by path. */
  scripts: ProjectFile[];
  /** Scripts that write the accessor of one of `aliases` (directly or through a bundle holding it). */
  users(aliases: string[]): ProjectFile[];
  /** Files that read `version` by name or an alias by string: uses whose consumer cannot be known. */
  readByName(aliases: string[], version: string | undefined): ProjectFile[];
}

/**
 * The uses of a catalog's entries in its build. `entries` are the catalog's own (for its bundles);
 * `text` is the catalog's text (a bundle's members are read from its source between two keys).
 */
export function catalogUses(project: ProjectView, catalogPath: string, text: string, entries: TomlEntry[]): CatalogUses {
  const root = catalogRoot(catalogPath);
  const name = catalogName(catalogPath);
  const scripts = project.ofKind('gradle', 'gradle-kts').filter((f) => inside(f.path, root) && f.text !== undefined);
  const code = project.ofKind('gradle', 'gradle-kts', 'kotlin', 'java').filter((f) => inside(f.path, root) && f.text !== undefined);
  const bundles = bundleMembers(text, entries);
  const accessors = (aliases: string[]) => [
    ...aliases.map((a) => accessorOf(a, false, name)),
    ...[...bundles].filter(([, members]) => aliases.some((a) => members.has(a))).map(([b]) => `${name}.bundles.${b.replace(/[-_]/g, '.')}`),
  ];
  return {
    scripts,
    users: (aliases) => {
      const wanted = accessors(aliases);
      return scripts.filter((s) => wanted.some((a) => usesAccessor(s.text!, a)));
    },
    readByName: (aliases, version) =>
      code.filter((f) => {
        const t = f.text!;
        if (version !== undefined && (usesAccessor(t, `${name}.versions.${version.replace(/[-_]/g, '.')}`) || quotedArgument(t, 'findVersion', version))) return true;
        return aliases.some((a) => quotedArgument(t, 'findLibrary', a) || quotedArgument(t, 'findDependency', a));
      }),
  };
}

function quotedArgument(text: string, call: string, value: string): boolean {
  return text.includes(`${call}("${value}")`) || text.includes(`${call}('${value}')`);
}

/** [bundles] name -> the aliases it lists (read from the source between its key and the next entry). */
function bundleMembers(text: string, entries: TomlEntry[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  entries.forEach((e, i) => {
    if (e.table !== 'bundles') return;
    const end = entries[i + 1]?.keyStart ?? text.length;
    const source = text.slice(e.keyStart + e.key.length, end).replace(/#[^\n]*/g, '');
    out.set(e.key, new Set([...source.matchAll(/["']([^"']+)["']/g)].map((m) => m[1]!)));
  });
  return out;
}
