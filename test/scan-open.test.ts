// The engine opens each listed path once (open without following links, fstat, read) instead
// of an lstat before the read. What it skips, and why, must not depend on that: a link is a
// link, a file over the limit is too large, a FIFO neither hangs the run nor is read, and the
// skipped list keeps its order (folders, links and large files by path, then what did not decode).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planMigration } from '../src/api.js';
import { readListed } from '../src/engine/scan.js';

const temps: string[] = [];
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

function repo(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-open-'));
  temps.push(dir);
  const write = (rel: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  };
  write('app/src/main/java/com/acme/Ledger.java', 'package com.acme;\nimport javax.persistence.Entity;\n@Entity class Ledger {}\n');
  write('app/src/main/java/com/acme/Big.java', `package com.acme;\nimport javax.persistence.Entity;\n// ${'x'.repeat(9500)}\nclass Big {}\n`);
  write('app/src/main/resources/application-dev.properties', Buffer.from('\ufeffserver.port=1\n', 'utf16le'));
  write('app/src/main/resources/application-bin.properties', Buffer.from('server.port=1\n\0\n'));
  // a NUL past the first 8000 bytes does not make a file binary (as git decides)
  write('app/src/main/resources/application-late.properties', Buffer.concat([Buffer.from(`# ${'x'.repeat(8100)}\nserver.max-http-header-size=8KB\n`), Buffer.from([0])]));
  symlinkSync('Ledger.java', path.join(dir, 'app/src/main/java/com/acme/Alias.java'));
  execFileSync('mkfifo', [path.join(dir, 'app/src/main/resources/application.properties')]);
  return dir;
}

describe('opening listed files', () => {
  it('skips links, large files and FIFOs, and reads the rest', async () => {
    const dir = repo();
    const result = await planMigration({ root: dir, maxFileSize: 9000 });
    expect(result.changes.map((c) => c.path)).toEqual(['app/src/main/java/com/acme/Ledger.java', 'app/src/main/resources/application-late.properties']);
    expect(result.stats.skipped.map((s) => [s.path, s.kind])).toEqual([
      ['app/src/main/java/com/acme/Alias.java', 'symlink'],
      ['app/src/main/java/com/acme/Big.java', 'too-large'],
      ['app/src/main/resources/application-bin.properties', 'binary'],
      ['app/src/main/resources/application-dev.properties', 'utf-16'],
    ]);
  });

  it('tells a link, a FIFO and a file apart without following the link', () => {
    const dir = repo();
    const java = 'app/src/main/java/com/acme';
    expect(readListed(dir, `${java}/Alias.java`, 1 << 20)).toEqual({ skipped: { path: `${java}/Alias.java`, reason: 'symbolic link (never followed)', kind: 'symlink' } });
    expect(readListed(dir, 'app/src/main/resources/application.properties', 1 << 20)).toBeUndefined();
    expect(readListed(dir, `${java}/Gone.java`, 1 << 20)).toBeUndefined();
    const read = readListed(dir, `${java}/Ledger.java`, 1 << 20);
    expect(read && 'bytes' in read && read.bytes.toString('utf8')).toContain('@Entity class Ledger');
  });
});
