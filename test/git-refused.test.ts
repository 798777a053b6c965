// When git refuses a repository (another user's checkout: "dubious ownership"; a broken .git),
// the tool must not decide it is outside git and rewrite uncommitted work: it stops with git's
// own message and writes nothing.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bash } from './helpers/cli-process.js';

const temps: string[] = [];
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

const PROPS = 'spring.redis.host=cache.acme.test\n';

function app(): { dir: string; props: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-gitref-'));
  temps.push(dir);
  const props = path.join(dir, 'src', 'main', 'resources', 'application.properties');
  mkdirSync(path.dirname(props), { recursive: true });
  writeFileSync(props, PROPS);
  return { dir, props };
}

function chownTree(p: string, uid: number, gid: number): void {
  chownSync(p, uid, gid);
  if (statSync(p).isDirectory()) for (const e of readdirSync(p)) chownTree(path.join(p, e), uid, gid);
}

describe('a work tree git refuses', () => {
  it('a broken .git: migrate stops with git\'s message and writes nothing', () => {
    const { dir, props } = app();
    writeFileSync(path.join(dir, '.git'), 'gitdir: /nonexistent/acme.git\n');
    const r = bash('boot-upgrade migrate .', dir);
    expect(r.status).toBe(4);
    expect(r.stderr).toMatch(/looks like a git work tree, but git failed: fatal: not a git repository/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(readFileSync(props, 'utf8')).toBe(PROPS);
  });

  it.runIf(process.getuid?.() === 0)('another user\'s checkout (dubious ownership): no rewrite, git\'s hint in the message', () => {
    const { dir, props } = app();
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { cwd: dir });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'init');
    writeFileSync(props, PROPS + 'uncommitted.work=1\n');
    chownTree(dir, 65534, 65534);
    const r = bash('boot-upgrade migrate .', dir, { GIT_CONFIG_GLOBAL: '/dev/null' });
    expect(r.status).toBe(4);
    expect(r.stderr).toMatch(/dubious ownership/);
    expect(r.stderr).toMatch(/safe\.directory/);
    expect(readFileSync(props, 'utf8')).toBe(PROPS + 'uncommitted.work=1\n');
  });

  it('outside any work tree nothing changes: the folder is migrated', () => {
    const { dir, props } = app();
    const r = bash('boot-upgrade migrate .', dir);
    expect(r.status).toBe(0);
    expect(readFileSync(props, 'utf8')).toBe('spring.data.redis.host=cache.acme.test\n');
  });
});

describe('outside any work tree', () => {
  it('starts no git process (each costs about 15 ms of a hook) and still migrates', () => {
    const { dir, props } = app();
    // a git on the PATH that records being started: outside git, nothing should start it
    const bin = mkdtempSync(path.join(os.tmpdir(), 'bu-fakegit-'));
    temps.push(bin);
    const log = path.join(bin, 'started');
    writeFileSync(path.join(bin, 'git'), `#!/bin/sh\necho "$@" >> ${log}\nexit 128\n`, { mode: 0o755 });
    const r = bash('unset GIT_DIR GIT_WORK_TREE; boot-upgrade migrate . && boot-upgrade check .', dir, { PATH: `${bin}:${process.env.PATH}` });
    expect(r.stderr).not.toMatch(/git failed/);
    expect(readFileSync(props, 'utf8')).toBe('spring.data.redis.host=cache.acme.test\n');
    expect(existsSync(log) ? readFileSync(log, 'utf8') : 'never started').toBe('never started');
  });
});

