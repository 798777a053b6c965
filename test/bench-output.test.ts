// The bench's promises in the README, on a tiny repository: its rounds, the ratio lines and the
// peak-RSS spread of --rss-runs. The built bench (dist/bench, made by `npm ci`'s prepare) times the
// built bin under /usr/bin/time; a machine without it cannot run the bench at all.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const BENCH = path.join(ROOT, 'dist', 'bench', 'bench.js');
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!existsSync('/usr/bin/time') || !existsSync(BENCH))('npm run bench (needs /usr/bin/time and a build)', () => {
  it('prints each round, the ratios and, with --rss-runs, the spread of the peak RSS against 300 MB', () => {
    const run = spawnSync(process.execPath, [BENCH, '--files', '300', '--runs', '1', '--rss-runs', '3', '--dir', dir], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const out = run.stdout;
    for (const c of ['plain', 'migrate', 'sed']) expect(out).toMatch(new RegExp(`round 1 ${c} +wall +[\\d.]+ s +CPU +[\\d.]+ s +peak RSS +\\d+ MB`));
    expect(out).toMatch(/check of 10 staged files: CPU median [\d.]+ s/);
    const spread = /migrate peak RSS over 3 more runs: min (\d+) MB, median (\d+) MB, max (\d+) MB; (\d+) over 300 MB/.exec(out);
    expect(spread, out).not.toBeNull();
    const [min, med, max, over] = spread!.slice(1).map(Number) as [number, number, number, number];
    expect(min).toBeGreaterThan(20); // a Node process at all
    expect(min).toBeLessThanOrEqual(med);
    expect(med).toBeLessThanOrEqual(max);
    expect(over > 0).toBe(max > 300);
  }, 120_000);
});
