// project/runtime looks for types and annotations in the sources that name one of them: each rule
// must still find each of its types in a source that names that type and nothing else of theirs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planMigration } from '../src/api.js';
import { loadTable } from '../src/table/load.js';
import { projectSection } from '../transforms/project/rules.js';

const table = loadTable();
const root = mkdtempSync(path.join(os.tmpdir(), 'runtime-sources-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every (rule, type) pair of the table's project rules that look in sources. */
const sought = projectSection(table).rules.flatMap((r) => [...(r.detect?.types ?? []), ...(r.detect?.annotations ?? [])].map((fqcn) => ({ rule: r.id, fqcn })));

function write(rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

describe('project/runtime in sources', () => {
  it('finds every type a rule looks for in a source naming only that type', async () => {
    expect(sought.length).toBeGreaterThan(10);
    write('pom.xml', '<project>\n  <artifactId>till</artifactId>\n</project>\n');
    sought.forEach(({ fqcn }, i) => {
      const simple = fqcn.slice(fqcn.lastIndexOf('.') + 1);
      // two Job beans: the batch rule reports only a second one
      const body = simple === 'Job' ? '  @Bean Job a() { return null; }\n  @Bean Job b() { return null; }\n' : `  ${simple} field${i};\n`;
      write(`src/main/java/com/acme/Uses${i}.java`, `package com.acme;\nimport ${fqcn};\n\nclass Uses${i} {\n${body}}\n`);
    });
    write('src/main/java/com/acme/Plain.java', 'package com.acme;\n\nclass Plain {\n  String name;\n}\n');
    const result = await planMigration({ root, table, options: {}, onlyRules: ['project/runtime'] });
    sought.forEach(({ rule }, i) => {
      const hits = result.findings.filter((f) => f.path === `src/main/java/com/acme/Uses${i}.java` && f.rule === rule);
      expect(hits.length, `${rule} in Uses${i}.java (${sought[i]!.fqcn})`).toBeGreaterThan(0);
    });
    expect(result.findings.filter((f) => f.path.endsWith('Plain.java'))).toEqual([]);
  });
});
