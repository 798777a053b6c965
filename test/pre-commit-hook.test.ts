// The .pre-commit-hooks.yaml hook installed by the real pre-commit framework (the Debian
// `pre-commit` package: apt-get install pre-commit) from a local clone of this repository, a
// commit as `rev`: it must install (npm pack's stdout must be the tarball name only), fail on a
// staged 2.7 key naming file:line and the fix, and pass once the printed fix command has run.
// pre-commit builds the hook with `npm install` from the registry, so this takes about a minute.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT } from './helpers/cli-process.js';

const hasPreCommit = spawnSync('pre-commit', ['--version']).status === 0;
const temps: string[] = [];
// The temp dirs hold pre-commit's cache (a node environment): removing it can take a while on a busy machine.
afterAll(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
}, 120_000);

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });

// Skipped, with this reason, where the pre-commit framework is not installed (apt-get install pre-commit).
describe.skipIf(!hasPreCommit)('pre-commit framework (skipped when `pre-commit` is not installed)', () => {
  it('installs the hook from a clone at a commit, fails with file:line and a fix command, passes after the fix', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'bu-precommit-'));
    temps.push(work);
    const clone = path.join(work, 'boot-upgrade');
    git(work, 'clone', '-q', '--no-local', PROJECT, clone);
    const rev = git(PROJECT, 'rev-parse', 'HEAD').trim();
    const repo = path.join(work, 'app');
    execFileSync('mkdir', ['-p', path.join(repo, 'src/main/resources')]);
    git(repo, 'init', '-q');
    writeFileSync(path.join(repo, '.pre-commit-config.yaml'), `repos:\n  - repo: ${clone}\n    rev: ${rev}\n    hooks:\n      - id: boot-upgrade-check\n`);
    writeFileSync(path.join(repo, 'src/main/resources/application.properties'), 'spring.redis.host=localhost\n');
    git(repo, 'add', '.');
    const env = { ...process.env, PRE_COMMIT_HOME: path.join(work, 'cache'), NO_COLOR: '1', CI: '1' };
    const install = spawnSync('pre-commit', ['install', '--install-hooks'], { cwd: repo, env, encoding: 'utf8' });
    expect(install.status, install.stdout + install.stderr + readLog(env.PRE_COMMIT_HOME)).toBe(0);
    const failed = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'boot 2.7 key'], { cwd: repo, env, encoding: 'utf8' });
    expect(failed.status).not.toBe(0);
    const out = failed.stdout + failed.stderr;
    expect(out).toContain('src/main/resources/application.properties:1: `spring.redis.host=localhost` -> `spring.data.redis.host=localhost` [properties/rename]');
    const fix = /^fix: (.*)$/m.exec(out)?.[1];
    expect(fix).toBe('boot-upgrade migrate src/main/resources/application.properties && git add src/main/resources/application.properties');
    // the fix command, with the CLI the hook installed
    const bin = spawnSync('bash', ['-c', `export PATH="$(ls -d ${env.PRE_COMMIT_HOME}/repo*/node_env-*/bin | head -1):$PATH"; ${fix}`], { cwd: repo, env, encoding: 'utf8' });
    expect(bin.status, bin.stderr).toBe(0);
    expect(readFileSync(path.join(repo, 'src/main/resources/application.properties'), 'utf8')).toBe('spring.data.redis.host=localhost\n');
    const passed = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'boot 3 key'], { cwd: repo, env, encoding: 'utf8' });
    expect(passed.status, passed.stdout + passed.stderr).toBe(0);
  }, 600_000);
});

function readLog(home: string): string {
  try {
    return readFileSync(path.join(home, 'pre-commit.log'), 'utf8');
  } catch {
    return '';
  }
}
