// What an install ships: no dependencies (the build bundles every package the code imports),
// the grammars' .wasm copied by the build rather than the grammar packages, no source maps, the
// Node version import attributes need, and where the project lives.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
  files: string[];
  engines: { node: string };
  homepage?: string;
  repository?: { url: string };
  bugs?: { url: string };
  scripts: Record<string, string>;
  bin: Record<string, string>;
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Bare module names the shipped code imports (src and transforms). */
function importedPackages(): Set<string> {
  const names = new Set<string>();
  for (const file of [...sources(path.join(ROOT, 'src')), ...sources(path.join(ROOT, 'transforms'))]) {
    for (const m of readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,]+\s+from\s+)?'([^'\n]+)'|\bimport\(\s*'([^'\n]+)'\s*\)/gm)) {
      const spec = (m[1] ?? m[2])!;
      if (spec.startsWith('.')) continue;
      if (spec.startsWith('node:') || builtinModules.includes(spec)) continue;
      names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  }
  return names;
}

describe('package manifest', () => {
  it('has no runtime dependencies: every package the shipped code imports is a devDependency, bundled by the build', () => {
    expect(pkg.dependencies).toBeUndefined();
    const imported = importedPackages();
    expect(imported.size).toBeGreaterThan(10);
    expect([...imported].filter((n) => !(n in pkg.devDependencies))).toEqual([]);
  });

  it('the tree-sitter grammar packages are build-time only; the build copies their .wasm into dist/grammars', () => {
    for (const grammar of ['tree-sitter-java', '@tree-sitter-grammars/tree-sitter-kotlin']) {
      expect(pkg.devDependencies[grammar], grammar).toBeDefined();
    }
    const postbuild = readFileSync(path.join(ROOT, 'scripts/postbuild.mjs'), 'utf8');
    expect(postbuild).toContain("'tree-sitter-java/tree-sitter-java.wasm'");
    expect(postbuild).toContain("'@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm'");
    expect(pkg.files).toContain('dist/grammars');
    expect(readFileSync(path.join(ROOT, 'src/formats/tree-sitter.ts'), 'utf8')).toContain('../../grammars/');
  });

  it('ships no source maps, no tests, benchmarks or build scripts: the bundle and the grammars', () => {
    expect(JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')).compilerOptions.sourceMap).toBe(false);
    expect(pkg.files.filter((f) => f.startsWith('dist'))).toEqual(['dist/cli', 'dist/grammars']);
  });

  it('the bin is the esbuild bundle, which the build makes after tsc', () => {
    expect(pkg.bin['boot-upgrade']).toBe('dist/cli/boot-upgrade.js');
    expect(pkg.scripts.build).toMatch(/^tsc -p tsconfig\.json && .*node scripts\/bundle\.mjs$/);
    expect(pkg.devDependencies.esbuild).toBeDefined();
  });

  it('the packed manifest carries no scripts (npm 11 warns about a published prepare)', () => {
    expect(pkg.scripts.prepack).toMatch(/pack-manifest\.mjs strip$/);
    expect(pkg.scripts.postpack).toBe('node scripts/pack-manifest.mjs restore');
  });

  it('asks for Node 20.10 or later (import attributes) and says where the project lives', () => {
    const usesImportAttributes = [...sources(path.join(ROOT, 'src'))].some((f) => /with \{ type: 'json' \}/.test(readFileSync(f, 'utf8')));
    expect(usesImportAttributes).toBe(true);
    expect(pkg.engines.node).toBe('>=20.10');
    expect(pkg.homepage).toMatch(/^https:\/\//);
    expect(pkg.repository?.url).toMatch(/^git\+https:\/\/.*\.git$/);
    expect(pkg.bugs?.url).toMatch(/\/issues$/);
  });
});
