// The write encodes each change's texts into one reused buffer and reads each file back into
// another, instead of keeping three Buffers per changed file. The bytes must be exactly those
// text.ts makes, whatever the size; and a change whose bytes were made or replaced is written
// with those bytes, never re-made from the texts.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runEngine } from '../src/engine/run.js';
import { ScratchBuffer } from '../src/engine/scratch.js';
import { encode } from '../src/engine/text.js';
import type { FilePass } from '../src/engine/types.js';
import { writeChanges } from '../src/engine/write.js';
import { loadTable } from '../src/table/load.js';

const temps: string[] = [];
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

describe('ScratchBuffer', () => {
  it('encodes as text.ts does: UTF-8, Latin-1, a BOM, a lone surrogate, and texts past its size', () => {
    const scratch = new ScratchBuffer();
    const cases = [
      { text: 'a=caf\u00e9\r\n', encoding: 'utf8' as const, bom: false },
      { text: 'a=caf\u00e9\n', encoding: 'latin1' as const, bom: false },
      { text: 'x: 1\n', encoding: 'utf8' as const, bom: true },
      { text: 'bad \ud800 half', encoding: 'utf8' as const, bom: false },
      { text: '\u20ac'.repeat(100_000), encoding: 'utf8' as const, bom: true },
      { text: 'short', encoding: 'utf8' as const, bom: false },
    ];
    for (const t of cases) expect(scratch.encode(t).equals(encode(t.text, t.encoding, t.bom))).toBe(true);
  });

  it('reads a whole file, small or larger than the buffer, and one byte more than expected', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-scratch-'));
    temps.push(dir);
    const scratch = new ScratchBuffer();
    const file = path.join(dir, 'f');
    for (const size of [0, 10, 64 * 1024, 200_000]) {
      const bytes = Buffer.alloc(size, 'k');
      writeFileSync(file, bytes);
      expect(scratch.readNoFollow(file, size).equals(bytes)).toBe(true);
      // a file that grew or shrank since it was read reads as different bytes
      if (size > 0) expect(scratch.readNoFollow(file, size - 1).length).toBe(size);
      expect(scratch.readNoFollow(file, size + 5).length).toBe(size);
    }
  });

  it('never reads through a symbolic link', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-scratch-'));
    temps.push(dir);
    writeFileSync(path.join(dir, 'real'), 'x');
    symlinkSync(path.join(dir, 'real'), path.join(dir, 'link'));
    expect(() => new ScratchBuffer().readNoFollow(path.join(dir, 'link'), 1)).toThrow(/ELOOP/);
  });
});

describe('the write and the bytes of a change', () => {
  const rename: FilePass = {
    id: 'test/rename',
    description: 'test',
    kinds: ['properties'],
    rules: ['test/rename'],
    run: (file) => {
      const at = file.text.indexOf('old');
      return at < 0 ? {} : { edits: [{ start: at, end: at + 3, text: 'new', rule: 'test/rename' }] };
    },
  };

  function repo(): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-scratch-'));
    temps.push(dir);
    writeFileSync(path.join(dir, 'application.properties'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a=old\r\nb=caf\u00e9\r\n')]));
    writeFileSync(path.join(dir, 'application-dev.properties'), 'x=old\n');
    return dir;
  }

  it('writes the texts exactly when no sink made the bytes', async () => {
    const dir = repo();
    const result = await runEngine({ root: dir, table: loadTable(), filePasses: [rename] });
    await writeChanges(dir, result.changes);
    expect(readFileSync(path.join(dir, 'application.properties')).equals(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a=new\r\nb=caf\u00e9\r\n')]))).toBe(true);
    expect(readFileSync(path.join(dir, 'application-dev.properties'), 'utf8')).toBe('x=new\n');
  });

  it('writes bytes that were replaced, after being made or not', async () => {
    const dir = repo();
    const result = await runEngine({ root: dir, table: loadTable(), filePasses: [rename] });
    const [dev, main] = result.changes;
    expect(main!.after!.length).toBeGreaterThan(0); // made by a read
    main!.after = Buffer.from('replaced after a read\n');
    dev!.after = Buffer.from('replaced before any read\n');
    await writeChanges(dir, result.changes);
    expect(readFileSync(path.join(dir, 'application.properties'), 'utf8')).toBe('replaced after a read\n');
    expect(readFileSync(path.join(dir, 'application-dev.properties'), 'utf8')).toBe('replaced before any read\n');
  });

  it('still refuses a file changed on disk since it was read', async () => {
    const dir = repo();
    const result = await runEngine({ root: dir, table: loadTable(), filePasses: [rename] });
    writeFileSync(path.join(dir, 'application-dev.properties'), 'x=old\ny=edited meanwhile\n');
    await expect(writeChanges(dir, result.changes)).rejects.toThrow(/changed on disk since it was read/);
    expect(readFileSync(path.join(dir, 'application.properties'), 'utf8')).toContain('a=old');
  });
});
