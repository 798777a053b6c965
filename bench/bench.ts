// npm run bench [-- --files N --runs R]: a synthetic repository of N files, then R alternating
// runs of a plain read-and-write of the same files and of a full `migrate`, each on a fresh
// copy, each after `sync` (disk write-back otherwise swings the plain run from 1 s to 4 s).
// Prints medians, files/s, MB/s, peak RSS and the ratio of migrate to the plain floor.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { generateRepository } from './generate.js';

interface RunOut {
  mode: string;
  ms: number;
  cpuMs: number;
  maxRssMB: number;
  files: number;
  changed?: number;
  findings?: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function runChild(mode: 'plain' | 'migrate', dir: string): RunOut {
  execFileSync('sync');
  const out = execFileSync(process.execPath, [path.join(here, 'child.js'), mode, dir], { encoding: 'utf8', maxBuffer: 1 << 26 });
  return JSON.parse(out.trim().split('\n').pop()!) as RunOut;
}

function main(): void {
  const { values } = parseArgs({ options: { files: { type: 'string', default: '10000' }, runs: { type: 'string', default: '5' }, dir: { type: 'string', default: '.bench' } } });
  const n = Number(values.files);
  const runs = Number(values.runs);
  const base = path.resolve(values.dir!);
  const pristine = path.join(base, `repo-${n}`);
  rmSync(pristine, { recursive: true, force: true });
  const gen = generateRepository(pristine, n);
  const mb = gen.bytes / 1024 / 1024;
  console.log(`repository: ${gen.files} files, ${mb.toFixed(1)} MB (${pristine})`);
  const plain: RunOut[] = [];
  const migrate: RunOut[] = [];
  for (let i = 0; i < runs; i++) {
    for (const mode of ['plain', 'migrate'] as const) {
      const work = path.join(base, `work-${mode}`);
      if (existsSync(work)) rmSync(work, { recursive: true, force: true });
      cpSync(pristine, work, { recursive: true });
      const r = runChild(mode, work);
      (mode === 'plain' ? plain : migrate).push(r);
      console.log(`run ${i + 1} ${mode.padEnd(7)} ${r.ms.toFixed(0).padStart(6)} ms  (CPU ${r.cpuMs.toFixed(0).padStart(5)} ms)  peak RSS ${r.maxRssMB.toFixed(0)} MB${r.changed !== undefined ? `  changed ${r.changed} files, ${r.findings} findings` : ''}`);
    }
  }
  const p = median(plain.map((r) => r.ms));
  const m = median(migrate.map((r) => r.ms));
  console.log(`plain read+write  median ${p.toFixed(0)} ms  ${(gen.files / (p / 1000)).toFixed(0)} files/s  ${(mb / (p / 1000)).toFixed(1)} MB/s`);
  console.log(`migrate           median ${m.toFixed(0)} ms  ${(gen.files / (m / 1000)).toFixed(0)} files/s  ${(mb / (m / 1000)).toFixed(1)} MB/s  peak RSS ${Math.max(...migrate.map((r) => r.maxRssMB)).toFixed(0)} MB`);
  const pc = median(plain.map((r) => r.cpuMs));
  const mc = median(migrate.map((r) => r.cpuMs));
  console.log(`CPU time medians: plain ${pc.toFixed(0)} ms, migrate ${mc.toFixed(0)} ms (cpu ratio ${(mc / pc).toFixed(2)})`);
  console.log(`ratio ${(m / p).toFixed(2)} (migrate / plain read+write, wall-clock medians of ${runs} alternating runs)`);
  rmSync(path.join(base, 'work-plain'), { recursive: true, force: true });
  rmSync(path.join(base, 'work-migrate'), { recursive: true, force: true });
  // a separate line: one large YAML and one large .properties file, at two sizes (linear or not)
  process.stdout.write(execFileSync(process.execPath, [path.join(here, 'large-files.js')], { encoding: 'utf8' }));
}

main();
