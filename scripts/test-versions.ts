// `npm run test:versions`: every version the migration table writes (collected by
// scripts/versions/collect.ts) must exist on Maven Central. Each coordinate's POM is asked for
// with an HTTP HEAD (every artifact version on Central has one); a 404 is a version that does
// not exist and fails the run, naming where the table holds it. Needs the network, so it is not
// part of `npm test`. BOOT_UPGRADE_MAVEN_REPO points it at a mirror of Central instead.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { loadTable } from '../src/table/load.js';
import { defaultDataDir } from './generate-table.js';
import { collectVersions, mergeChecks, type BootLibraries, type TargetBoms, type VersionCheck } from './versions/collect.js';
import { tableForTarget } from '../src/table/target.js';

const REPO = (process.env.BOOT_UPGRADE_MAVEN_REPO ?? 'https://repo.maven.apache.org/maven2').replace(/\/$/, '');
const PARALLEL = 8;
const TRIES = 4;

export const REPOSITORY = REPO;

export function pomUrl(c: VersionCheck): string {
  return `${REPO}/${c.groupId.replace(/\./g, '/')}/${c.artifactId}/${c.version}/${c.artifactId}-${c.version}.pom`;
}

export type Answer = 'found' | 'missing' | { error: string };

/** 200: found; 404: missing; anything else (or no answer) is retried, then reported as an error, never as missing. */
export async function ask(c: VersionCheck): Promise<Answer> {
  let last = '';
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    try {
      const response = await fetch(pomUrl(c), { method: 'HEAD', signal: AbortSignal.timeout(30_000) });
      if (response.status === 200) return 'found';
      if (response.status === 404) return 'missing';
      last = `HTTP ${response.status}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
  }
  return { error: last };
}

async function main(): Promise<number> {
  // the data names the artifacts of the libraries whose version properties the table rows do not
  const depsFile = path.join(defaultDataDir(), 'spring-boot-dependencies-3.0.json');
  const data = existsSync(depsFile) ? (JSON.parse(readFileSync(depsFile, 'utf8')) as BootLibraries) : undefined;
  // and what each later line's BOM manages (a property's artifacts can change from line to line)
  const targetsFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'data', 'boot-3x', 'spring-boot-dependencies-3x.json');
  const targetBoms = existsSync(targetsFile) ? (JSON.parse(readFileSync(targetsFile, 'utf8')) as TargetBoms) : undefined;
  const table = loadTable();
  // the default target's table, then each later line's latest patch as the run composes it
  const targets = [table, ...(table.targets?.minors ?? []).filter((m) => m.latest !== table.targets!.defaultVersion).map((m) => tableForTarget(table, m.minor))];
  const { checks, apart } = mergeChecks(targets.map((t) => collectVersions(t, data, targetBoms)));
  const answers = new Array<Answer>(checks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < checks.length) {
        const i = next++;
        answers[i] = await ask(checks[i]!);
      }
    }),
  );
  const width = Math.max(...checks.map((c) => `${c.groupId}:${c.artifactId}:${c.version}`.length));
  let missing = 0;
  let errors = 0;
  checks.forEach((c, i) => {
    const a = answers[i]!;
    const word = a === 'found' ? 'ok     ' : a === 'missing' ? 'MISSING' : 'ERROR  ';
    if (a === 'missing') missing++;
    else if (a !== 'found') errors++;
    const where = c.where.length > 160 ? c.where.slice(0, 159) + '…' : c.where;
    console.log(`${word} ${`${c.groupId}:${c.artifactId}:${c.version}`.padEnd(width)}  ${where}${typeof a === 'object' ? `  (${a.error})` : ''}`);
  });
  console.log('\nNot resolved against Maven Central, and why:');
  for (const a of apart) console.log(`  ${a.what}: ${a.reason}`);
  console.log(`\ntest:versions: ${checks.length - missing - errors} of ${checks.length} version(s) exist on ${REPO}; ${missing} missing, ${errors} not answered; ${apart.length} listed apart`);
  return missing || errors ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
