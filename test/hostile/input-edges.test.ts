// Inputs at the edge, each with its clear error or its fix: a Groovy script that never closes a
// string, comment or template is not edited; an unknown --boot-version is a usage error; control
// characters in file names never reach the terminal; a write error names the user's file; a
// probe that got no answer says why; a configuration file too large to parse in bounded memory
// is not read, whatever --max-file-size says.
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planMigration, writeChanges } from '../../src/api.js';
import { WriteFailed } from '../../src/engine/write.js';
import { bash } from '../helpers/cli-process.js';
import { repo, sideFiles, workTree } from './helpers.js';

const GRADLE = "plugins {\n    id 'org.springframework.boot' version '2.7.18'\n}\ndependencies {\n    implementation 'javax.servlet:javax.servlet-api:4.0.1'\n}\n";
const ENTITY = (name: string) => `package com.acme;\n\nimport javax.persistence.Entity;\n\n@Entity\npublic class ${name} {}\n`;

describe('a Groovy build script the lexer cannot follow to its end', () => {
  it.each([
    ['a triple-quoted string', 'def banner = """never closed\n'],
    ['a block comment', '/* never closed\n'],
    ['a template in a string', 'def v = "x ${never\n'],
  ])('%s that is never closed: the script is reported, not edited', async (_, tail) => {
    const dir = repo({ 'build.gradle': GRADLE + tail });
    const plan = await planMigration({ root: dir });
    expect(plan.changes.map((c) => c.path)).not.toContain('build.gradle');
    expect(plan.errors.map((f) => f.path)).toContain('build.gradle');
  });
});

describe('--boot-version', () => {
  it('a release the table does not know is a usage error (exit 2), with build files or without', () => {
    for (const files of [{ 'pom.xml': '<project/>\n' }, { 'src/main/resources/application.properties': 'spring.redis.host=db\n' }]) {
      const dir = repo(files);
      const run = bash('boot-upgrade migrate --dry-run --boot-version 3.9.9 .', dir);
      expect(run.stderr).toMatch(/^boot-upgrade: --boot-version: '3\.9\.9' is not a release this tool migrates to[^\n]*; valid: [^\n]+\n$/);
      expect(run.status).toBe(2);
    }
  });
});

describe('control characters in file names', () => {
  it('are shown as escapes in check\'s change lines, its fix command and --explain', () => {
    const name = 'Evil\x1b]0;owned\x07\x1b[2J';
    const dir = repo({ [`src/main/java/com/acme/${name}.java`]: ENTITY('Evil') });
    const check = bash('boot-upgrade check .', dir);
    expect(check.status).toBe(1);
    expect(check.stderr).toContain('src/main/java/com/acme/Evil\\x1b]0;owned\\x07\\x1b[2J.java:3: `import javax.persistence.Entity;`');
    expect(check.stderr).toContain("fix: boot-upgrade migrate $'src/main/java/com/acme/Evil\\x1b]0;owned\\x07\\x1b[2J.java'");
    const explain = bash('boot-upgrade migrate --dry-run --explain . >/dev/null', dir);
    expect(explain.stderr).toContain('modified src/main/java/com/acme/Evil\\x1b]0;owned\\x07\\x1b[2J.java');
    for (const out of [check.stderr, explain.stderr]) expect(out).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
  });
});

describe('a write that fails on the disk', () => {
  it('names the user\'s file, never a temporary file, and writes nothing', async () => {
    // a name long enough that the temporary file's name beside it is too long for the file system
    const long = `Order${'x'.repeat(220)}`;
    const dir = repo({ 'src/main/java/com/acme/A.java': ENTITY('A'), [`src/main/java/com/acme/${long}.java`]: ENTITY(long) });
    const before = workTree(dir);
    const error = await writeChanges(dir, (await planMigration({ root: dir })).changes).then(() => undefined, (e: Error) => e);
    expect(error).toBeInstanceOf(WriteFailed);
    expect(error!.message).toBe(`src/main/java/com/acme/${long}.java: cannot write its new content (ENAMETOOLONG: name too long); nothing was written`);
    expect(workTree(dir)).toEqual(before);
    expect(sideFiles(dir)).toEqual([]);
  });
});

describe('a live probe nothing answers', () => {
  it('says why in its error', async () => {
    // a port that was free a moment ago: connecting is refused
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const dir = repo({ 'README.md': 'no sources\n' });
    const run = bash(`boot-upgrade maturity --url http://127.0.0.1:${port}/ .`, dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`and nothing answered at http://127.0.0.1:${port}/ (probe GET /: connect ECONNREFUSED 127.0.0.1:${port})`);
  });
});

describe('a configuration file too large to parse in bounded memory', () => {
  it('is not read, whatever --max-file-size or a repository\'s configuration says, and says why', () => {
    const lines: string[] = [];
    for (let i = 0, size = 0; size <= 5 * 1024 * 1024; i++) size += (lines[i] = `spring.redis.host${i}=value${i}\n`).length;
    const props = 'src/main/resources/application.properties';
    const dir = repo({ [props]: lines.join(''), '.boot-upgrade.json': JSON.stringify({ 'max-file-size': '1000000000' }) });
    const run = bash('boot-upgrade migrate --max-file-size 1000000000 --verbose .', dir);
    expect(run.stderr).toContain(`not read ${props}: larger than 4194304 bytes: a configuration file is parsed whole`);
    expect(readFileSync(path.join(dir, props), 'utf8')).toBe(lines.join(''));
  });
});
