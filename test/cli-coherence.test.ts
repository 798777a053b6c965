// After migrate, what still keeps the build from Boot 3.0 is printed last, one line per place,
// with file:line, what it resolves and what to set.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bash } from './helpers/cli-process.js';

const FIXTURE = path.resolve(__dirname, '..', 'fixtures', 'coherence', 'maven-half-migrated', 'input');
const temps: string[] = [];
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

describe('migrate names what still stops the build', () => {
  it('prints the coherence errors last, after the summary line', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-coh-'));
    temps.push(dir);
    cpSync(FIXTURE, dir, { recursive: true });
    const r = bash('boot-upgrade migrate --dry-run . >/dev/null', dir);
    const lines = r.stderr.trim().split('\n');
    const head = lines.findIndex((l) => /place\(s\) still keep the build from Boot 3\.0:$/.test(l));
    expect(head).toBeGreaterThan(0);
    const blockers = lines.slice(head + 1);
    expect(blockers.length).toBeGreaterThan(0);
    for (const b of blockers) expect(b).toMatch(/^ {2}\S+:\d+:\d+: error \[coherence\/[a-z-]+\] .* set \d/);
    expect(blockers.some((b) => b.startsWith('  pom.xml:19:') && b.includes('Spring Cloud 2021.0.8') && b.includes('set 2022.0.5'))).toBe(true);
    // the migration itself moved the billing module's own Boot parent: not a blocker any more
    expect(blockers.some((b) => b.includes('billing/pom.xml'))).toBe(false);
  });
});
