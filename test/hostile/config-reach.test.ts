// What a repository's configuration can reach: the search for `.boot-upgrade.json` (or the
// `boot-upgrade` key of a package.json) stops at the repository's top level, so a file in a
// shared parent folder configures no checkout; the tables a repository's configuration names
// must lie inside it; configuration and table files are refused before they are read when they
// are not regular files or are too large. A table named on the command line may be anywhere.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bash } from '../helpers/cli-process.js';
import { gitRepo, outside, repo } from './helpers.js';

const PROPS = 'src/main/resources/application.properties';
const ROWS = JSON.stringify({ properties: { rename: [{ from: 'acme.legacy.timeout', to: 'acme.client.timeout', level: 'error', source: 'acme platform team' }] } });

describe('the configuration search', () => {
  it('stops at the repository: a .boot-upgrade.json in a shared parent folder is not read', () => {
    const shared = repo({ '.boot-upgrade.json': JSON.stringify({ skip: ['properties', 'build', 'sources', 'project', 'yaml'] }) }, 'bu-shared-');
    const checkout = path.join(shared, 'checkout');
    mkdirSync(checkout);
    const dir = gitRepo({ [PROPS]: 'spring.redis.host=db\n' });
    // the checkout, moved below the shared folder
    bash(`mv '${dir}'/* '${dir}'/.git '${checkout}'/`, dir);
    const run = bash('boot-upgrade check .', checkout);
    expect(run.stderr).toContain('`spring.redis.host=db` -> `spring.data.redis.host=db`');
    expect(run.status).toBe(1);
  });

  it('reads no configuration file that is a link to a file outside the repository', () => {
    const elsewhere = outside({ 'config.json': JSON.stringify({ skip: ['properties'] }) });
    const dir = gitRepo({ [PROPS]: 'spring.redis.host=db\n' });
    symlinkSync(path.join(elsewhere, 'config.json'), path.join(dir, '.boot-upgrade.json'));
    const run = bash('boot-upgrade check .', dir);
    expect(run.stderr).toBe(`boot-upgrade: configuration: ${path.join(dir, '.boot-upgrade.json')}: a link to a file outside the repository (${dir}); not read\n`);
    expect(run.status).toBe(2);
  });
});

describe('tables', () => {
  it('a repository\'s configuration names no table outside the repository; the command line may', () => {
    const elsewhere = outside({ 'rows.json': ROWS });
    const dir = gitRepo({ [PROPS]: 'acme.legacy.timeout=5s\n' });
    writeFileSync(path.join(dir, '.boot-upgrade.json'), JSON.stringify({ table: path.relative(dir, path.join(elsewhere, 'rows.json')) }));
    const configured = bash('boot-upgrade migrate --dry-run .', dir);
    expect(configured.stderr).toBe(
      `boot-upgrade: configuration: ${path.join(dir, '.boot-upgrade.json')}: table '${path.join(elsewhere, 'rows.json')}' is outside the repository (${dir}); a configuration names tables inside it only (give another on the command line with --table)\n`,
    );
    expect(configured.status).toBe(2);
    writeFileSync(path.join(dir, '.boot-upgrade.json'), '{}');
    const given = bash(`boot-upgrade migrate --dry-run --table '${path.join(elsewhere, 'rows.json')}' .`, dir);
    expect(given.stdout).toContain('+acme.client.timeout=5s');
  });

  it('a table that is not a regular file is refused before it is read', () => {
    const dir = gitRepo({ [PROPS]: 'spring.redis.host=db\n' });
    const run = bash('boot-upgrade migrate --dry-run --table /dev/zero .', dir);
    expect(run.stderr).toBe('boot-upgrade: /dev/zero: not a regular file\n');
    expect(run.status).toBe(2);
  });

  it('a table saved with a UTF-8 byte order mark is read', () => {
    const dir = gitRepo({ [PROPS]: 'acme.legacy.timeout=5s\n', 'rows.json': '\uFEFF' + ROWS });
    const run = bash('boot-upgrade migrate --dry-run --table rows.json .', dir);
    expect(run.stderr).not.toContain('not valid JSON');
    expect(run.stdout).toContain('+acme.client.timeout=5s');
  });
});
