// Reports written to -o FILE (report, verify, maturity) and baselines are written like the
// migration's own files: a temporary file beside the target, created exclusively, then renamed,
// and never through a link (a repository can ship one pointing anywhere): a link is a usage error.
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomically } from '../src/engine/temp-file.js';
import { LinkRefused } from '../src/engine/write-errors.js';
import { runMain } from './helpers/cli-in-process.js';

const DEMO = path.join(import.meta.dirname, '..', 'examples', 'demo-app');
const temps: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A link `name` in a fresh folder to a file outside it that must stay as it is. */
function linkToVictim(name: string): { dir: string; link: string; victim: string } {
  const victim = path.join(tempDir('bu-outside-'), 'victim.txt');
  writeFileSync(victim, 'keep me\n');
  const dir = tempDir('bu-report-');
  const link = path.join(dir, name);
  symlinkSync(victim, link);
  return { dir, link, victim };
}

describe('writing a file the user names', () => {
  it('replaces it whole, keeps an existing file’s mode, and leaves no temporary file', () => {
    const dir = tempDir('bu-write-');
    const file = path.join(dir, 'out.txt');
    writeFileAtomically(file, 'one\n', 'the report');
    expect(readFileSync(file, 'utf8')).toBe('one\n');
    chmodSync(file, 0o600);
    writeFileAtomically(file, 'two\n', 'the report');
    expect(readFileSync(file, 'utf8')).toBe('two\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileAtomically(file, 'three\n', 'the report', 0o644);
    expect(statSync(file).mode & 0o777).toBe(0o644);
    expect(readdirSync(dir)).toEqual(['out.txt']);
  });

  it('refuses a link, dangling or not, and writes nothing anywhere', () => {
    const { dir, link, victim } = linkToVictim('out.txt');
    expect(() => writeFileAtomically(link, 'x', 'the report')).toThrow(LinkRefused);
    expect(readFileSync(victim, 'utf8')).toBe('keep me\n');
    const dangling = path.join(dir, 'dangling.txt');
    symlinkSync(path.join(dir, 'nowhere'), dangling);
    expect(() => writeFileAtomically(dangling, 'x', 'the report')).toThrow(/a link; the report is not written through it/);
    expect(readdirSync(dir).sort()).toEqual(['dangling.txt', 'out.txt']);
  });

  it('writes a device as it is (-o /dev/null)', () => {
    expect(() => writeFileAtomically('/dev/null', 'x', 'the report')).not.toThrow();
  });

  it('report -o and maturity -o refuse a link with a usage error, and write a plain file whole', async () => {
    for (const args of [['report', DEMO, '-f', 'json'], ['maturity', DEMO, '-f', 'json']]) {
      const { dir, link, victim } = linkToVictim('report.json');
      const refused = await runMain([...args, '-q', '-o', link]);
      expect(refused.code, args[0]).toBe(2);
      expect(refused.stderr).toContain(`${link}: a link; the report is not written through it`);
      expect(readFileSync(victim, 'utf8')).toBe('keep me\n');
      const file = path.join(dir, 'plain.json');
      const written = await runMain([...args, '-q', '-o', file]);
      expect(written.stderr).toBe('');
      expect(() => JSON.parse(readFileSync(file, 'utf8'))).not.toThrow();
      expect(readdirSync(dir).sort()).toEqual(['plain.json', 'report.json']);
    }
  });
});
