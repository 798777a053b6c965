// Output through a real pipe to a slow reader must arrive whole: the process may not exit before
// stdout drains (a diff piped to `git apply` was cut at 64 KiB with exit code 0).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setupOnce } from './helpers/setup.js';
import { bash } from './helpers/cli-process.js';

let dir: string;

/** A reader that takes a few bytes at a time with pauses, then prints how many bytes it got. */
const SLOW_READER = `node -e "
let n = 0;
process.stdin.pause();
setTimeout(() => {
  process.stdin.on('data', (d) => { n += d.length; process.stdin.pause(); setTimeout(() => process.stdin.resume(), 2); });
  process.stdin.on('end', () => console.log(n));
  process.stdin.resume();
}, 300);
"`;

setupOnce(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bu-pipe-'));
  const src = path.join(dir, 'app', 'src', 'main', 'java', 'com', 'acme', 'shop');
  mkdirSync(src, { recursive: true });
  // ~3,000 entities with several javax imports each: a diff of several MB.
  const imports = ['persistence.Entity', 'persistence.Id', 'persistence.Column', 'validation.constraints.NotNull', 'validation.constraints.Size', 'annotation.PostConstruct'];
  for (let i = 0; i < 3000; i++) {
    const body = imports.map((t) => `import javax.${t};`).join('\n');
    writeFileSync(path.join(src, `Item${i}.java`), `package com.acme.shop;\n\n${body}\n\n@Entity\npublic class Item${i} {\n  @Id Long id;\n}\n`);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('output through a pipe', () => {
  it('migrate --dry-run delivers the whole diff (several MB) to a slow reader and exits 0', () => {
    const r = bash(`boot-upgrade migrate --dry-run --diff-file full.patch app 2>/dev/null | ${SLOW_READER}`, dir);
    expect(r.status).toBe(0);
    const full = readFileSync(path.join(dir, 'full.patch'));
    expect(full.length).toBeGreaterThan(2_000_000);
    expect(Number(r.stdout.trim())).toBe(full.length);
  });

  it('report --format json delivers the whole document to a slow reader', () => {
    const r = bash(`boot-upgrade report --format json --output full.json app && boot-upgrade report --format json app | ${SLOW_READER}`, dir);
    expect(r.status).toBe(0);
    expect(Number(r.stdout.trim())).toBe(readFileSync(path.join(dir, 'full.json')).length);
  });

  it('a reader that stops early does not turn into an error message', () => {
    const r = bash(`boot-upgrade migrate --dry-run app 2>err.txt | head -c 100 >/dev/null; echo "exit=\${PIPESTATUS[0]}"`, dir);
    expect(r.stdout).toMatch(/exit=0/);
    expect(readFileSync(path.join(dir, 'err.txt'), 'utf8')).not.toMatch(/EPIPE|Error/);
  });
});
