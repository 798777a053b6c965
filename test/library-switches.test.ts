// springfox -> springdoc and HttpClient 4 -> 5 are one decision each for the whole run
// (transforms/sources/springdoc/springfox-switch.ts, httpclient5/httpclient5-switch.ts):
// the fixtures show it taken; these show it withheld where taking it would leave the build
// half-switched (the sources on swagger 3 without springdoc, or springfox gone under code that uses it).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planMigration } from '../src/api.js';
import { loadTable } from '../src/table/load.js';

const table = loadTable();
const FIXTURE = path.resolve(__dirname, '../fixtures/sources/springfox-switch-maven/input');
const HTTPCLIENT = path.resolve(__dirname, '../fixtures/sources/httpclient5-switch/input');
let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

function copy(from = FIXTURE): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'switch-'));
  dirs.push(dir);
  cpSync(from, dir, { recursive: true });
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

  it('a build file that does not parse blocks the switch, and does not end the run', async () => {
    const root = copy();
    const pom = path.join(root, 'pom.xml');
    writeFileSync(pom, readFileSync(pom, 'utf8').replace('</dependencies>', '</dependency>'));
    const r = await planMigration({ root, table, onlyRules: ['sources', 'build'] });
    expect(changed(r, 'src/main/java/com/example/acme/shop/OrderController.java')).toBeUndefined();
    expect(r.findings.some((f) => f.path === 'pom.xml' && /parse/i.test(f.rule + f.message))).toBe(true);
  });

  it('does not switch when --only leaves out the sources', async () => {
    const r = await planMigration({ root: copy(), table, onlyRules: ['build'] });
    expect(changed(r, 'pom.xml') ?? '').not.toContain('springdoc');
    expect(r.findings.find((f) => f.rule === 'build/library')?.message).toContain('--only/--skip');
  });
});

describe('HttpClient 5 switch', () => {
  const config = 'src/main/java/com/example/acme/client/RestConfig.java';
  it('moves build and imports together when every file is read', async () => {
    const r = await planMigration({ root: copy(HTTPCLIENT), table, onlyRules: ['sources', 'build'] });
    expect(changed(r, 'pom.xml')).toContain('<artifactId>httpclient5</artifactId>');
    expect(changed(r, config)).toContain('import org.apache.hc.client5.http.impl.classic.HttpClients;');
  });

  it('moves neither on a list of files, and says why at the build', async () => {
    const r = await planMigration({ root: copy(HTTPCLIENT), table, onlyRules: ['sources', 'build'], only: ['pom.xml', config] });
    expect(changed(r, 'pom.xml') ?? '').not.toContain('httpclient5');
    expect(changed(r, config)).toBeUndefined();
    expect(r.findings.find((f) => f.rule === 'build/library' && f.path === 'pom.xml')?.message).toContain('list of files');
  });
});
