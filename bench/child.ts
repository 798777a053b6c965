// One measured run in its own process, so that peak RSS belongs to that run alone.
// Modes: plain (read every file and write it back: the floor), migrate (the full tool).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { planMigration, writeChanges } from '../src/api.js';

async function plain(dir: string): Promise<{ files: number }> {
  const files = await fg('**/*', { cwd: dir, dot: true, onlyFiles: true });
  for (let i = 0; i < files.length; i += 128) {
    await Promise.all(
      files.slice(i, i + 128).map(async (f) => {
        const p = path.join(dir, f);
        await writeFile(p, await readFile(p));
      }),
    );
  }
  return { files: files.length };
}

async function migrate(dir: string): Promise<{ files: number; changed: number; findings: number }> {
  const result = await planMigration({ root: dir });
  await writeChanges(dir, result.changes);
  return { files: result.stats.scanned, changed: result.changes.length, findings: result.findings.length };
}

const [mode, dir] = process.argv.slice(2);
const start = process.hrtime.bigint();
const out = mode === 'plain' ? await plain(dir!) : await migrate(dir!);
const ms = Number(process.hrtime.bigint() - start) / 1e6;
const usage = process.resourceUsage();
// CPU time next to wall time: the wall clock also measures the disk, which swings a lot here
const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
process.stdout.write(JSON.stringify({ mode, ms, cpuMs, maxRssMB: usage.maxRSS / 1024, ...out }) + '\n');
