import { mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BaselineError, readBaseline, writeBaseline } from '../src/report/baseline.js';
import type { Finding } from '../src/engine/types.js';

const finding: Finding = { rule: 'properties/removed', severity: 'warning', path: 'src/main/resources/application.properties', line: 3, column: 1, message: 'gone' } as Finding;

describe('writing a baseline', () => {
  it('writes the file whole and leaves no temporary file beside it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-baseline-'));
    const file = path.join(dir, '.boot-upgrade-baseline.json');
    expect(writeBaseline(file, [finding], '0.0.0')).toBe(1);
    expect(readBaseline(file)).toHaveLength(1);
    expect(readdirSync(dir)).toEqual(['.boot-upgrade-baseline.json']);
  });

  it('never writes through a link (a repository can ship one pointing anywhere)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-baseline-'));
    const outside = path.join(mkdtempSync(path.join(os.tmpdir(), 'bu-outside-')), 'victim.txt');
    writeFileSync(outside, 'keep me\n');
    const file = path.join(dir, '.boot-upgrade-baseline.json');
    symlinkSync(outside, file);
    expect(() => writeBaseline(file, [finding], '0.0.0')).toThrow(BaselineError);
    expect(readFileSync(outside, 'utf8')).toBe('keep me\n');
    expect(readdirSync(dir)).toEqual(['.boot-upgrade-baseline.json']);
  });
});
