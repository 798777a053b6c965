// A write killed outright (kill -9) at every point of its transaction is undone by the next run,
// which never loses a byte the user wrote since: a file changed after the killed run wrote it is
// left as it is and named, and the undoing waits for the dirty-tree guard. A file the killed run
// had moved aside (missing) is named by every command until `migrate` puts it back.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planMigration, writeChanges } from '../../src/api.js';
import { WriteRefused } from '../../src/engine/write.js';
import { bash } from '../helpers/cli-process.js';
import { treeDiff } from '../helpers/tree.js';
import { killedWrite, type KillPoint } from './killed-write.js';
import { gitRepo, repo, sideFiles, workTree } from './helpers.js';

const FACTORIES = 'org.springframework.boot.autoconfigure.EnableAutoConfiguration=com.acme.greeter.GreeterAutoConfiguration\n';
const RES = 'src/main/resources';

/**
 * A repository whose migration deletes spring.factories, creates the imports file beside it and
 * modifies two files: written in that order (the changes' path order).
 */
const SAMPLE = {
  'pom.xml': '<project/>\n',
  [`${RES}/application.properties`]: 'spring.redis.host=db\n',
  [`${RES}/bootstrap.properties`]: 'spring.redis.port=6380\n',
  [`${RES}/META-INF/spring.factories`]: FACTORIES,
};

/** The tree one uninterrupted run writes from `files`. */
async function migrated(files: Record<string, string>): Promise<Map<string, Buffer>> {
  const dir = repo(files);
  await writeChanges(dir, (await planMigration({ root: dir })).changes);
  return workTree(dir);
}

/** The next run after a kill: it undoes the killed write (and stops, when that changed the tree) or writes. */
async function nextRun(dir: string, told: string[] = []): Promise<'written' | 'refused'> {
  const plan = await planMigration({ root: dir });
  try {
    await writeChanges(dir, plan.changes, { onNote: (line) => told.push(line) });
    return 'written';
  } catch (e) {
    if (e instanceof WriteRefused) return 'refused';
    throw e;
  }
}

describe('a write killed at any point of its transaction', () => {
  it('is undone by the next run: the tree is exactly as before, then the run after writes it whole', async () => {
    const expected = await migrated(SAMPLE);
    // before any file is replaced; a deleted, a created and a modified file moved aside or not yet linked; two files replaced
    const points: [KillPoint, number][] = [['afterStaging', 0], ['beforeLink', 0], ['beforeLink', 1], ['beforeRename', 2], ['beforeLink', 3]];
    for (const [point, at] of points) {
      const dir = repo(SAMPLE);
      const before = workTree(dir);
      const killed = killedWrite(dir, point, at);
      expect(killed.signal, `${point} ${at}: ${killed.stdout}${killed.stderr}`).toBe('SIGKILL');
      const told: string[] = [];
      const first = await nextRun(dir, told);
      expect(told[0] ?? `nothing told: ${first}`, `${point} ${at}`).toMatch(/^an interrupted boot-upgrade run \(pid \d+, killed while (staging|committing)\) was undone/);
      if (first === 'refused') expect(treeDiff(workTree(dir), before), `${point} ${at}: undone`).toBe('');
      else expect(treeDiff(workTree(dir), expected), `${point} ${at}: written at once`).toBe('');
      if (first === 'refused') expect(await nextRun(dir), `${point} ${at}`).toBe('written');
      expect(treeDiff(workTree(dir), expected), `${point} ${at}: written`).toBe('');
      expect(sideFiles(dir), `${point} ${at}`).toEqual([]);
    }
  });

  it('never loses an edit made after the kill: a file changed since the killed run wrote it is left as it is, and named', () => {
    const dir = repo(SAMPLE);
    // the fourth file (bootstrap.properties) is about to be replaced: the other three are done
    expect(killedWrite(dir, 'beforeRename', 3).signal).toBe('SIGKILL');
    expect(readFileSync(path.join(dir, RES, 'application.properties'), 'utf8')).toBe('spring.data.redis.host=db\n');
    // the user goes on working on the half-migrated file
    const edited = 'spring.data.redis.host=db\nspring.data.redis.port=6390\n';
    writeFileSync(path.join(dir, RES, 'application.properties'), edited);
    const run = bash('boot-upgrade migrate .', dir);
    expect(readFileSync(path.join(dir, RES, 'application.properties'), 'utf8')).toBe(edited);
    expect(run.stderr).toMatch(new RegExp(`${RES}/application\\.properties: rewritten by the write \\(what it held before is in ${RES}/\\.application\\.properties\\.boot-upgrade-[0-9a-f]{16}\\.bak\\); another program changed it since: left as it is`));
    // the files nobody touched are as they were before the killed run
    expect(readFileSync(path.join(dir, RES, 'META-INF/spring.factories'), 'utf8')).toBe(FACTORIES);
    expect(workTree(dir).has(`${RES}/META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports`)).toBe(false);
    expect(readFileSync(path.join(dir, RES, 'bootstrap.properties'), 'utf8')).toBe('spring.redis.port=6380\n');
    expect(run.status).toBe(4);
  });

  it('is not undone before the dirty-tree guard: a run refused for uncommitted work changes nothing, and says a write is half-done', () => {
    // Spring configuration beside a build that says nothing of Boot: taken as a Boot 2 repository
    const files: Record<string, string> = { 'pom.xml': '<project/>\n', 'src/main/resources/application.properties': 'spring.application.name=orders\n' };
    // enough changed files for every way the write is staged
    for (let i = 0; i < 70; i++) files[`src/main/java/com/acme/Order${i}.java`] = `package com.acme;\n\nimport javax.persistence.Entity;\n\n@Entity\npublic class Order${i} {}\n`;
    const dir = gitRepo(files);
    expect(killedWrite(dir, 'beforeRename', 2).signal).toBe('SIGKILL');
    // Order0 was migrated by the killed run; the user takes the old import back and goes on
    const order0 = path.join(dir, 'src/main/java/com/acme/Order0.java');
    expect(readFileSync(order0, 'utf8')).toContain('import jakarta.persistence.Entity;');
    const mine = files['src/main/java/com/acme/Order0.java']!.replace('public class', '// mine\npublic class');
    writeFileSync(order0, mine);
    const run = bash('boot-upgrade migrate .', dir);
    expect(readFileSync(order0, 'utf8')).toBe(mine);
    expect(run.status).toBe(4);
    expect(run.stderr).toMatch(/refusing to rewrite files with uncommitted changes/);
    expect(run.stderr).toMatch(/an interrupted boot-upgrade run \(pid \d+\) left its write half-done; `boot-upgrade migrate` undoes it/);
  });
});

describe('a file moved aside when the run was killed', () => {
  it('is named with the backup that holds it by check (which fails) until migrate puts it back', () => {
    const dir = repo(SAMPLE);
    // application.properties (third) is moved aside, its new content not yet in place
    expect(killedWrite(dir, 'beforeLink', 2).signal).toBe('SIGKILL');
    expect(workTree(dir).has(`${RES}/application.properties`)).toBe(false);
    const check = bash('boot-upgrade check .', dir);
    expect(check.status).toBe(1);
    // spring.factories (the first, deleted) and application.properties (the third)
    expect(check.stderr).toMatch(new RegExp(`2 file\\(s\\) are missing until then, each held by its backup: ${RES}/META-INF/spring\\.factories \\(in ${RES}/META-INF/\\.spring\\.factories\\.boot-upgrade-[0-9a-f]{16}\\.bak\\), ${RES}/application\\.properties \\(in ${RES}/\\.application\\.properties\\.boot-upgrade-[0-9a-f]{16}\\.bak\\)`));
    const migrate = bash('boot-upgrade migrate .', dir);
    expect(migrate.stderr).toMatch(/was undone: 2 file\(s\) restored/);
    expect(readFileSync(path.join(dir, RES, 'application.properties'), 'utf8')).toBe('spring.redis.host=db\n');
  });
});
