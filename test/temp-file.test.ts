// removeFiles (src/engine/temp-file.ts): the write's backups and leftovers go, the pool's threads
// taking them from one end and the main thread from the other; a path already gone is no error.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeFiles } from '../src/engine/temp-file.js';

const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

describe('removeFiles', () => {
  it.each([0, 1, 33, 700])('removes every one of %i files, missing ones included, and nothing else', async (n) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-remove-'));
    temps.push(dir);
    const files = Array.from({ length: n }, (_, i) => path.join(dir, `.F${i}.java.boot-upgrade-1.bak`));
    files.forEach((f, i) => i % 7 !== 3 && writeFileSync(f, 'old')); // every seventh is already gone
    writeFileSync(path.join(dir, 'Keep.java'), 'class Keep {}');
    await removeFiles(files);
    expect(files.filter((f) => existsSync(f))).toEqual([]);
    expect(readdirSync(dir)).toEqual(['Keep.java']);
  });
});
