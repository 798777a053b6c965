// Folders named out, build or target are build output only beside a build file (or when git
// ignores them). A hexagonal `adapter/out/persistence` package is sources and must be migrated.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planMigration } from '../src/api.js';
import { bash } from './helpers/cli-process.js';

const temps: string[] = [];
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

const ENTITY = 'package com.acme.ledger;\n\nimport javax.persistence.Entity;\n\n@Entity\npublic class Account {}\n';
const POM = '<project><modelVersion>4.0.0</modelVersion><parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId><version>2.7.18</version></parent><groupId>com.acme</groupId><artifactId>ledger</artifactId><version>1</version></project>\n';

/** A module with sources in packages named out/build/target, and real output beside its pom. */
function ledger(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-scan-'));
  temps.push(dir);
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  write('ledger/pom.xml', POM);
  for (const pkg of ['adapter/out/persistence', 'build', 'target']) write(`ledger/src/main/java/com/acme/ledger/${pkg}/Account.java`, ENTITY);
  write('ledger/target/generated-sources/com/acme/Gen.java', ENTITY);
  write('ledger/build/tmp/Gen.java', ENTITY);
  write('notes/out/Loose.java', ENTITY); // no build file beside notes/: not output
  return dir;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });

const changedJava = (paths: string[]) => paths.filter((p) => p.endsWith('.java')).sort();

describe('build-output folders', () => {
  it('outside git: sources in out/build/target packages are migrated, output beside the pom is skipped and reported', async () => {
    const dir = ledger();
    const result = await planMigration({ root: dir });
    expect(changedJava(result.changes.map((c) => c.path))).toEqual([
      'ledger/src/main/java/com/acme/ledger/adapter/out/persistence/Account.java',
      'ledger/src/main/java/com/acme/ledger/build/Account.java',
      'ledger/src/main/java/com/acme/ledger/target/Account.java',
      'notes/out/Loose.java',
    ]);
    expect(result.stats.skipped).toEqual(
      expect.arrayContaining([
        { path: 'ledger/build/', reason: 'build output (beside a build file)', kind: 'build-output' },
        { path: 'ledger/target/', reason: 'build output (beside a build file)', kind: 'build-output' },
      ]),
    );
  });

  it('inside git: git decides; an ignored target/ is not listed, a committed out/ package is migrated', async () => {
    const dir = ledger();
    writeFileSync(path.join(dir, '.gitignore'), 'target/\n/ledger/build/\n');
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'init');
    const result = await planMigration({ root: dir });
    expect(changedJava(result.changes.map((c) => c.path))).toEqual([
      'ledger/src/main/java/com/acme/ledger/adapter/out/persistence/Account.java',
      'ledger/src/main/java/com/acme/ledger/build/Account.java',
      'notes/out/Loose.java',
    ]);
  });

  it('check FILE on an entity under adapter/out/ fails, outside git and inside', () => {
    const dir = ledger();
    const file = 'ledger/src/main/java/com/acme/ledger/adapter/out/persistence/Account.java';
    const plain = bash(`boot-upgrade check ${file}`, dir);
    expect(plain.status).toBe(1);
    expect(plain.stderr).toMatch(new RegExp(`^${file}:\\d+: \`import javax\\.persistence\\.Entity;\` -> \`import jakarta\\.persistence\\.Entity;\``, 'm'));
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    const staged = bash(`boot-upgrade check ${file}`, dir);
    expect(staged.status).toBe(1);
  });

  it('the summary says what kinds were not read; --verbose lists each with its reason', () => {
    const dir = ledger();
    const quiet = bash('boot-upgrade migrate --dry-run . >/dev/null', dir);
    expect(quiet.status).toBe(0);
    expect(quiet.stderr).toMatch(/not read: 2 build-output folder\(s\) \(--verbose lists them\)/);
    expect(quiet.stderr).not.toContain('ledger/target/');
    const verbose = bash('boot-upgrade migrate --dry-run --verbose . >/dev/null', dir);
    expect(verbose.stderr).toContain('not read ledger/target/: build output (beside a build file)');
    const json = JSON.parse(bash('boot-upgrade report --format json .', dir).stdout) as { skipped: { path: string; kind: string }[] };
    expect(json.skipped).toContainEqual(expect.objectContaining({ path: 'ledger/build/', kind: 'build-output' }));
  });
});
