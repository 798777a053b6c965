// Another program writes a file while boot-upgrade replaces it (an editor saving, a build
// tool): at every point of the replacement its bytes survive. The write stops, puts back every
// file it had replaced, and names what it kept where; a write into the old file by a program
// that still had it open is kept in its backup, named.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planMigration, writeChanges } from '../../src/api.js';
import type { JournalEntry } from '../../src/engine/journal.js';
import { WriteRefused } from '../../src/engine/write.js';
import { treeDiff } from '../helpers/tree.js';
import { repo, sideFiles, workTree } from './helpers.js';

const RES = 'src/main/resources';
const FACTORIES = 'org.springframework.boot.autoconfigure.EnableAutoConfiguration=com.acme.greeter.GreeterAutoConfiguration\n';
const IMPORTS = `${RES}/META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports`;

/** Deletes spring.factories, creates the imports file, modifies two .properties files (in that order). */
const sample = () =>
  repo({
    'pom.xml': '<project/>\n',
    [`${RES}/application.properties`]: 'spring.redis.host=db\n',
    [`${RES}/bootstrap.properties`]: 'spring.redis.port=6380\n',
    [`${RES}/META-INF/spring.factories`]: FACTORIES,
  });

/** Writes the plan with `hook` called at `point` for `file`; the error the write ended with. */
async function writeWith(dir: string, point: 'beforeRename' | 'beforeLink', file: string, hook: () => void, notes: string[] = []): Promise<unknown> {
  const plan = await planMigration({ root: dir });
  const at = (e: JournalEntry) => void (e.path === file && hook());
  return writeChanges(dir, plan.changes, { hooks: { [point]: at }, onNote: (line) => notes.push(line) }).then(() => 'written', (e: unknown) => e);
}

/** The tree is as it was, but for `file`, which holds what the other program wrote; no side file is left. */
function onlyTheirs(dir: string, before: Map<string, Buffer>, file: string, theirs: string): void {
  expect(readFileSync(path.join(dir, file), 'utf8')).toBe(theirs);
  expect(treeDiff(workTree(dir), new Map([...before, [file, Buffer.from(theirs)]]))).toBe('');
  expect(sideFiles(dir)).toEqual([]);
}

describe('a file saved by another program while the write replaces it', () => {
  it('after the last check and before its old content is moved aside: the save is kept, every other file put back', async () => {
    const dir = sample();
    const before = workTree(dir);
    const saved = 'spring.redis.port=6390\n';
    const file = `${RES}/bootstrap.properties`; // the last: the three others are replaced by then
    const error = await writeWith(dir, 'beforeRename', file, () => writeFileSync(path.join(dir, file), saved));
    expect(error).toBeInstanceOf(WriteRefused);
    expect((error as Error).message).toBe(`${file}: changed on disk since it was read; nothing was written, run again`);
    onlyTheirs(dir, before, file, saved);
  });

  it('after its old content was moved aside and checked, before the new content takes its name: the new file is kept and named', async () => {
    const dir = sample();
    const before = workTree(dir);
    const saved = 'spring.redis.host=elsewhere\n';
    const file = `${RES}/application.properties`;
    const error = await writeWith(dir, 'beforeLink', file, () => writeFileSync(path.join(dir, file), saved));
    expect(error).toBeInstanceOf(WriteRefused);
    expect((error as Error).message).toMatch(
      new RegExp(`^${file}: was saved by another program while boot-upgrade replaced it: that file is kept, and what it held before is in ${RES}/\\.application\\.properties\\.boot-upgrade-[0-9a-f]{16}\\.bak; every other file was put back, nothing was written, run again$`),
    );
    expect(readFileSync(path.join(dir, file), 'utf8')).toBe(saved);
    const bak = sideFiles(dir);
    expect(bak).toEqual([expect.stringMatching(new RegExp(`^${RES}/\\.application\\.properties\\.boot-upgrade-[0-9a-f]{16}\\.bak$`))]);
    expect(readFileSync(path.join(dir, bak[0]!), 'utf8')).toBe('spring.redis.host=db\n');
    // everything else is as it was
    before.set(file, Buffer.from(saved));
    before.set(bak[0]!, Buffer.from('spring.redis.host=db\n'));
    expect(treeDiff(workTree(dir), before)).toBe('');
  });

  it('a file created by another program where the write creates one is kept', async () => {
    const dir = sample();
    const before = workTree(dir);
    const theirs = 'com.acme.Theirs\n';
    const error = await writeWith(dir, 'beforeLink', IMPORTS, () => writeFileSync(path.join(dir, IMPORTS), theirs));
    expect(error).toBeInstanceOf(WriteRefused);
    onlyTheirs(dir, before, IMPORTS, theirs);
  });

  it('a file the write deletes, saved just before: the save is kept', async () => {
    const dir = sample();
    const before = workTree(dir);
    const file = `${RES}/META-INF/spring.factories`;
    const saved = FACTORIES + '# kept\n';
    const error = await writeWith(dir, 'beforeRename', file, () => writeFileSync(path.join(dir, file), saved));
    expect(error).toBeInstanceOf(WriteRefused);
    onlyTheirs(dir, before, file, saved);
  });

  it('written through the old file by a program that had it open, after it was moved aside and checked: the write ends, and what it wrote is kept in the backup, named', async () => {
    const dir = sample();
    const file = `${RES}/application.properties`;
    const notes: string[] = [];
    // the old file, moved aside by then, is written to as a program holding it open writes to it
    const result = await writeWith(dir, 'beforeLink', file, () => appendFileSync(path.join(dir, sideFiles(dir).find((f) => f.endsWith('.bak') && f.includes('.application.'))!), 'spring.redis.timeout=5s\n'), notes);
    expect(result).toBe('written');
    const bak = sideFiles(dir);
    expect(bak).toEqual([expect.stringMatching(new RegExp(`^${RES}/\\.application\\.properties\\.boot-upgrade-[0-9a-f]{16}\\.bak$`))]);
    expect(readFileSync(path.join(dir, bak[0]!), 'utf8')).toBe('spring.redis.host=db\nspring.redis.timeout=5s\n');
    expect(notes).toEqual([`${file}: another program wrote to the old file while boot-upgrade replaced it; what it wrote is kept in ${bak[0]}`]);
    expect(readFileSync(path.join(dir, file), 'utf8')).toBe('spring.data.redis.host=db\n');
  });
});
