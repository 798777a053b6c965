// One large configuration file per run, at two sizes: the cost must grow with the size, not its
// square (a 3.6 MB application.yml once ran past 600 s, a 70 MB properties file 291 s). Prints
// one line per format: CPU ms per MB at each size and their ratio (about 1 when linear). The
// sizes stay below the 4 MB a configuration file may have to be read at all (src/engine/run.ts).
// Run alone: `npx tsx bench/large-files.ts [--mb 1,3]`; `npm run bench` prints it last.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { planMigration } from '../src/api.js';

/** A YAML file of about `bytes`: many services with nested keys, and a spring.redis block that moves. */
export function largeYaml(bytes: number): string {
  const parts = ['spring:\n  application:\n    name: acme-shop\n  redis:\n    host: cache.acme.test\n    port: 6380\n'];
  let size = parts[0]!.length;
  for (let i = 0; size < bytes; i++) {
    const s = `acme-service-${i}:\n  url: https://svc-${i}.acme.test/api\n  timeout: ${i % 90}s\n  pool:\n    max-size: ${i % 32}\n    tags: [a${i}, b${i}]\n`;
    parts.push(s);
    size += s.length;
  }
  return parts.join('');
}

/** A .properties file of about `bytes`: distinct keys, one in ten renamed by a prefix row. */
export function largeProperties(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = i % 10 === 0 ? `spring.redis.acme-client-${i}=client-${i}\n` : `acme.service-${i}.url=https://svc-${i}.acme.test/api\n`;
    parts.push(line);
    size += line.length;
  }
  return parts.join('');
}

async function cpuMs(file: string, text: string): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-large-'));
  try {
    mkdirSync(path.join(dir, 'src/main/resources'), { recursive: true });
    writeFileSync(path.join(dir, 'src/main/resources', file), text);
    const before = process.cpuUsage();
    await planMigration({ root: dir, maxFileSize: text.length + 1 });
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function largeFilesLines(sizesMb: number[]): Promise<string[]> {
  const lines: string[] = [];
  for (const [file, make] of [['application.yml', largeYaml], ['application.properties', largeProperties]] as const) {
    const perMb: string[] = [];
    const rates: number[] = [];
    for (const mb of sizesMb) {
      const text = make(mb * 1024 * 1024);
      const ms = await cpuMs(file, text);
      rates.push(ms / mb);
      perMb.push(`${mb} MB ${ms.toFixed(0)} ms`);
    }
    lines.push(`large ${file}: ${perMb.join(', ')} (CPU per MB ratio ${(rates[rates.length - 1]! / rates[0]!).toFixed(2)}, 1.00 = linear)`);
  }
  return lines;
}

if (/large-files\.[jt]s$/.test(process.argv[1] ?? '')) {
  const { values } = parseArgs({ options: { mb: { type: 'string', default: '1,3' } } });
  for (const line of await largeFilesLines(values.mb!.split(',').map(Number))) console.log(line);
}
