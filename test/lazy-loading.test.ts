// Parsers load on first use: a run over Java files that need no syntax tree never initialises
// tree-sitter, and the YAML, XML, Groovy, image and JSON Schema libraries stay unloaded until a
// file of their kind (or a --table file) needs them. Each test file runs in a fresh process
// (vitest forks pool), so the module state seen here is this file's alone.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planMigration } from '../src/api.js';
import { EXTRA_COMMANDS } from '../src/cli/commands.js';
import { isGrammarLoaded } from '../src/formats/tree-sitter.js';

const require = createRequire(import.meta.url);
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-lazy-'));
  temps.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

/** Whether a package's CommonJS entry is in the require cache (loaded by anyone in this process). */
const loaded = (pkg: string) => Object.keys(require.cache).some((k) => k.includes(`${path.sep}node_modules${path.sep}${pkg}${path.sep}`));

describe('lazy loading', () => {
  it('migrates Java files without loading tree-sitter or the YAML/XML/Groovy/image/ajv libraries', async () => {
    const root = repo({
      'src/main/java/com/example/acme/Order.java': 'package com.example.acme;\n\nimport javax.persistence.Entity;\n\n@Entity\npublic class Order {}\n',
      'src/main/kotlin/com/example/acme/Line.kt': 'package com.example.acme\n\nimport javax.persistence.Entity\n\n@Entity\nclass Line\n',
    });
    const result = await planMigration({ root });
    expect(result.changes.map((c) => c.path)).toEqual(['src/main/java/com/example/acme/Order.java', 'src/main/kotlin/com/example/acme/Line.kt']);
    expect(isGrammarLoaded('java')).toBe(false);
    expect(isGrammarLoaded('kotlin')).toBe(false);
    for (const pkg of ['yaml', 'saxes', 'good-enough-parser', 'pngjs', 'jpeg-js', 'omggif', 'ajv', 'diff']) expect(loaded(pkg), pkg).toBe(false);
  });

  it('loads the grammar when the first file needs a tree, and that file gets its edits', async () => {
    const root = repo({
      'src/main/java/com/example/acme/AcmeProperties.java':
        'package com.example.acme;\n\nimport org.springframework.boot.context.properties.ConfigurationProperties;\nimport org.springframework.boot.context.properties.ConstructorBinding;\n\n@ConfigurationProperties("acme")\n@ConstructorBinding\npublic class AcmeProperties {\n    private final String name;\n\n    public AcmeProperties(String name) {\n        this.name = name;\n    }\n}\n',
    });
    const result = await planMigration({ root });
    expect(isGrammarLoaded('java')).toBe(true);
    expect(isGrammarLoaded('kotlin')).toBe(false);
    const after = result.changes[0]!.after!.toString('utf8');
    expect(after).not.toContain('ConstructorBinding');
  });

  it('keeps the usage line of a lazily loaded command equal to the module\'s own', async () => {
    const { maturityCommand } = await import('../src/maturity/index.js');
    expect(EXTRA_COMMANDS.maturity!.usage).toBe(maturityCommand.usage);
    expect(EXTRA_COMMANDS.maturity!.summary).toBe(maturityCommand.summary);
  });
});
