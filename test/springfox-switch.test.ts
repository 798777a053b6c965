// springfox -> springdoc is one decision for the whole run (transforms/sources/springfox-switch.ts):
// the fixtures show it taken; these show it withheld where taking it would leave the build
// half-switched (the sources on swagger 3 without springdoc, or springfox gone under code that uses it).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planMigration } from '../src/api.js';
import { loadTable } from '../src/table/load.js';

const table = loadTable();
const FIXTURE = path.resolve(__dirname, '../fixtures/sources/springfox-switch-maven/input');
let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

function copy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'springfox-'));
  dirs.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

const changed = (r: Awaited<ReturnType<typeof planMigration>>, p: string) => r.changes.find((c) => c.path === p)?.after?.toString('utf8');

describe('springfox switch', () => {
  it('switches when every file is read and every rule runs', async () => {
    const r = await planMigration({ root: copy(), table, onlyRules: ['sources', 'build'] });
    expect(changed(r, 'pom.xml')).toContain('springdoc-openapi-starter-webmvc-ui');
    expect(changed(r, 'src/main/java/com/example/acme/shop/OrderController.java')).toContain('@Tag(name = "orders")');
  });

  it('does not switch on a list of files: the other sources would still use springfox', async () => {
    const r = await planMigration({ root: copy(), table, onlyRules: ['sources', 'build'], only: ['pom.xml', 'src/main/java/com/example/acme/shop/OrderController.java'] });
    expect(changed(r, 'pom.xml') ?? '').not.toContain('springdoc');
    expect(changed(r, 'src/main/java/com/example/acme/shop/OrderController.java')).toBeUndefined();
    const kept = r.findings.find((f) => f.rule === 'build/library' && f.path === 'pom.xml');
    expect(kept?.message).toContain('list of files');
  });

  it('does not switch when --only leaves out the sources', async () => {
    const r = await planMigration({ root: copy(), table, onlyRules: ['build'] });
    expect(changed(r, 'pom.xml') ?? '').not.toContain('springdoc');
    expect(r.findings.find((f) => f.rule === 'build/library')?.message).toContain('--only/--skip');
  });
});
