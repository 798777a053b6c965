// The bench's promises in docs/performance.md, on a tiny repository: its rounds, the ratio lines,
// check and --version, and the peak-RSS spread of --rss-runs. The bench, compiled here from its
// current sources, times this test run's bin (--cli: test/package.test.ts installs the package;
// the bench itself installs it when not given one) under /usr/bin/time; a machine without it
// cannot run the bench at all.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, inject, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** bench/*.ts as JavaScript beside each other, as tsc builds them into dist/bench. */
async function compiledBench(): Promise<string> {
  const out = path.join(dir, 'bench');
  const sources = readdirSync(path.join(ROOT, 'bench')).filter((f) => f.endsWith('.ts')).map((f) => path.join(ROOT, 'bench', f));
  await build({ entryPoints: sources, outdir: out, format: 'esm', platform: 'node', target: 'node20', logLevel: 'warning' });
  writeFileSync(path.join(out, 'package.json'), '{ "type": "module" }\n');
  return path.join(out, 'bench.js');
}

describe.skipIf(!existsSync('/usr/bin/time'))('npm run bench (needs /usr/bin/time)', () => {
  it('prints each round, the ratios and, with --rss-runs, the spread of the peak RSS against 300 MB', async () => {
    const BENCH = await compiledBench();
    const cli = path.join(inject('cliBundle'), 'boot-upgrade.js');
    const run = spawnSync(process.execPath, [BENCH, '--files', '300', '--runs', '1', '--rss-runs', '3', '--dir', dir, '--cli', cli, '--skip-large-files'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const out = run.stdout;
    for (const c of ['plain', 'migrate', 'sed']) expect(out).toMatch(new RegExp(`round 1 ${c} +wall +[\\d.]+ s +CPU +[\\d.]+ s +peak RSS +\\d+ MB`));
    expect(out).toMatch(/check of 10 staged files: CPU median [\d.]+ s/);
    expect(out).toMatch(/--version: CPU median [\d.]+ s/);
    const spread = /migrate peak RSS over 3 more runs: min (\d+) MB, median (\d+) MB, max (\d+) MB; (\d+) over 300 MB/.exec(out);
    expect(spread, out).not.toBeNull();
    const [min, med, max, over] = spread!.slice(1).map(Number) as [number, number, number, number];
    expect(min).toBeGreaterThan(20); // a Node process at all
    expect(min).toBeLessThanOrEqual(med);
    expect(med).toBeLessThanOrEqual(max);
    expect(over > 0).toBe(max > 300);
  });
});
