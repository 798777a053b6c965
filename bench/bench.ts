// npm run bench [-- --files N[,N...] --runs R --rss-runs K --dir D --env NAME=VALUE --cli BIN --baseline BIN --skip-large-files]
//
// What is measured is the package as a user installs it: the project is packed and the tarball
// installed with `npm install -g` into a prefix of its own (bench/install.ts), and its bin,
// <prefix>/bin/boot-upgrade, is run as a user runs it. --cli BIN measures another bin instead
// (a checkout's dist/cli/boot-upgrade.js); --baseline BIN adds a second bin as a contender (the
// build before a change, in the same rounds); --env NAME=VALUE (repeatable) adds `migrate` run
// with that variable set as a contender of its own. BENCH_50K=1 adds a 50,000-file repository.
//
// For each size: a synthetic repository (bench/generate.ts), then R alternating rounds of the
// contenders, each on a fresh copy, each after `sync`, each in its own process under
// /usr/bin/time (wall, user+system CPU, peak RSS):
//   plain    read every file and write it back (bench/plain.ts): the floor
//   migrate  `boot-upgrade migrate <dir>`, the installed bin
//   sed      a sed-only javax -> jakarta rewrite of the .java files (find -exec sed -i -E)
// Ratios are taken within a round (migrate and plain of the same round) and the median of those
// is printed: on a shared machine the load moves between rounds, not within one. Then `check`
// of 10 files of the pristine repository, as a pre-commit hook passes staged files, and the
// start-up of `--version`.
// --rss-runs K: K more runs of `migrate` alone at the largest size, for the spread of its peak RSS
// (the goal is a bound on every run; a collector's timing can move one run in twenty).
// Last, one large YAML and one large .properties file at two sizes (bench/large-files.ts), unless
// --skip-large-files.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { generateRepository } from './generate.js';
import { installPacked } from './install.js';

interface Sample {
  wallMs: number;
  cpuMs: number;
  rssMB: number;
}

/** plain, migrate, sed, baseline, or `migrate NAME=VALUE` (--env). */
type Contender = string;

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
/** The bin measured: the installed package's, unless --cli names another. */
let cli = '';
let baselineCli: string | undefined;
/** --env NAME=VALUE: each a `migrate` contender run with that variable. */
let envContenders: string[] = [];
const SED_JAVAX = 's/\\bjavax\\.(persistence|servlet|validation|annotation|transaction)\\b/jakarta.\\1/g';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const spread = (xs: number[]) => `${(Math.min(...xs) / 1000).toFixed(2)}–${(Math.max(...xs) / 1000).toFixed(2)}`;
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Runs a command under /usr/bin/time; the wall clock is taken here, around the whole process. */
function measured(cmd: string, args: string[], cwd?: string, okStatus = 0, env?: NodeJS.ProcessEnv): Sample {
  const out = path.join(os.tmpdir(), `boot-upgrade-bench-time-${process.pid}`);
  execFileSync('sync');
  const start = process.hrtime.bigint();
  const run = spawnSync('/usr/bin/time', ['-f', '%U %S %M', '-o', out, cmd, ...args], { cwd, env: env ?? process.env, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  // `check` exits 1 when a file would change, which the bench's files do (okStatus 1)
  if (run.status === null || run.status > okStatus) throw new Error(`${cmd} ${args.join(' ')} failed (${run.status ?? run.signal}): ${run.stderr}`);
  const [user, system, rssKB] = readFileSync(out, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  rmSync(out, { force: true });
  return { wallMs, cpuMs: (user! + system!) * 1000, rssMB: rssKB! / 1024 };
}

/** A bin run as a user runs it: the file itself (its #! line starts node), or node with a .js file. */
const binCommand = (bin: string, args: string[]): [string, string[]] => (bin.endsWith('.js') ? [process.execPath, [bin, ...args]] : [bin, args]);

function runContender(c: Contender, dir: string): Sample {
  switch (c) {
    case 'plain':
      return measured(process.execPath, [path.join(here, 'plain.js'), dir]);
    case 'migrate':
      return measured(...binCommand(cli, ['migrate', dir]));
    case 'baseline': // another build, e.g. the commit before a change, in the same rounds
      return measured(...binCommand(baselineCli!, ['migrate', dir]));
    case 'sed':
      return measured('find', [dir, '-name', '*.java', '-exec', 'sed', '-i', '-E', SED_JAVAX, '{}', '+']);
    default: {
      // `migrate NAME=VALUE`: the same bin with one variable set
      const [name, value] = c.slice('migrate '.length).split(/=(.*)/s) as [string, string];
      return measured(...binCommand(cli, ['migrate', dir]), undefined, 0, { ...process.env, [name]: value });
    }
  }
}

/** Ten files a commit might stage: seven Java, one Kotlin, one YAML, one pom. */
function stagedFiles(repo: string): string[] {
  const pkg = 'module-1/src/main';
  const java = readdirSync(path.join(repo, pkg, 'java/com/example/m1')).slice(0, 7).map((f) => `${pkg}/java/com/example/m1/${f}`);
  const kotlin = readdirSync(path.join(repo, pkg, 'kotlin/com/example/m1')).slice(0, 1).map((f) => `${pkg}/kotlin/com/example/m1/${f}`);
  return [...java, ...kotlin, `${pkg}/resources/application-prod.yml`, 'module-1/pom.xml'];
}

/** One contender on its own copy of the pristine repository, removed afterwards. */
function onFreshCopy(c: Contender, pristine: string, base: string): Sample {
  const work = path.join(base, `work-${c}`);
  rmSync(work, { recursive: true, force: true });
  cpSync(pristine, work, { recursive: true });
  try {
    return runContender(c, work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface SizeResult {
  files: number;
  mb: number;
  samples: Record<Contender, Sample[]>;
  ratio: Record<Contender, { wall: number; cpu: number }>;
  check?: Sample[];
}

function benchSize(n: number, runs: number, base: string, withCheck: boolean, rssRuns: number): SizeResult {
  const pristine = path.join(base, `repo-${n}`);
  rmSync(pristine, { recursive: true, force: true });
  const gen = generateRepository(pristine, n);
  const mb = gen.bytes / 1024 / 1024;

  const contenders: Contender[] = ['plain', 'migrate', 'sed', ...envContenders.map((e) => `migrate ${e}`)];
  if (baselineCli) contenders.push('baseline');
  console.log(`\n${gen.files} files, ${mb.toFixed(1)} MB; ${runs} alternating rounds of ${contenders.join(', ')} (the order rotates each round)`);
  const samples = Object.fromEntries(contenders.map((c) => [c, []])) as unknown as Record<Contender, Sample[]>;
  const perRound = Object.fromEntries(contenders.map((c) => [c, { wall: [], cpu: [] }])) as unknown as Record<Contender, { wall: number[]; cpu: number[] }>;
  for (let i = 0; i < runs; i++) {
    const order = contenders.map((_, k) => contenders[(k + i) % contenders.length]!);
    const round: Partial<Record<Contender, Sample>> = {};
    for (const c of order) {
      const s = onFreshCopy(c, pristine, base);
      round[c] = s;
      samples[c].push(s);
      console.log(`  round ${i + 1} ${c.padEnd(8)} wall ${sec(s.wallMs).padStart(8)}  CPU ${sec(s.cpuMs).padStart(8)}  peak RSS ${s.rssMB.toFixed(0).padStart(4)} MB`);
    }
    for (const c of contenders) {
      perRound[c].wall.push(round[c]!.wallMs / round.plain!.wallMs);
      perRound[c].cpu.push(round[c]!.cpuMs / round.plain!.cpuMs);
    }
  }
  const ratio = Object.fromEntries(contenders.map((c) => [c, { wall: median(perRound[c].wall), cpu: median(perRound[c].cpu) }])) as SizeResult['ratio'];
  console.log(`  contender          wall median (min–max)     CPU median (min–max)   peak RSS   files/s   wall ratio  CPU ratio  (ratios: median over rounds of contender/plain)`);
  for (const c of contenders) {
    const w = samples[c].map((s) => s.wallMs);
    const u = samples[c].map((s) => s.cpuMs);
    const label = ({ plain: 'plain read+write', migrate: 'migrate', sed: 'sed javax (.java)', baseline: 'baseline migrate' } as Record<string, string>)[c] ?? c;
    console.log(
      `  ${label.padEnd(18)} ${sec(median(w)).padStart(8)} (${spread(w)})`.padEnd(47) +
        `${sec(median(u)).padStart(8)} (${spread(u)})`.padEnd(23) +
        `${Math.max(...samples[c].map((s) => s.rssMB)).toFixed(0).padStart(5)} MB  ${(gen.files / (median(w) / 1000)).toFixed(0).padStart(7)}   ${ratio[c].wall.toFixed(2).padStart(9)}  ${ratio[c].cpu.toFixed(2).padStart(9)}`,
    );
  }
  // the noise, in the numbers the goal is stated in: every round's wall ratio, not only their median
  const others = contenders.filter((c) => c !== 'plain');
  console.log(`  wall ratio of each round (contender/plain): ${others.map((c) => `${c} ${perRound[c].wall.map((r) => r.toFixed(2)).join(' ')}`).join('; ')}`);
  const result: SizeResult = { files: gen.files, mb, samples, ratio };
  if (withCheck) {
    const staged = stagedFiles(pristine);
    const repeat = Math.max(runs, 5);
    result.check = Array.from({ length: repeat }, () => measured(...binCommand(cli, ['check', ...staged]), pristine, 1));
    const cpu = result.check.map((s) => s.cpuMs);
    const wall = result.check.map((s) => s.wallMs);
    console.log(`  check of 10 staged files: CPU median ${sec(median(cpu))} (${spread(cpu)}), wall ${sec(median(wall))}, peak RSS ${Math.max(...result.check.map((s) => s.rssMB)).toFixed(0)} MB`);
    const version = Array.from({ length: repeat }, () => measured(...binCommand(cli, ['--version']))).map((s) => s.cpuMs);
    console.log(`  --version: CPU median ${sec(median(version))} (${spread(version)})`);
  }
  if (rssRuns > 0) printPeakRssSpread(pristine, base, rssRuns);
  rmSync(pristine, { recursive: true, force: true });
  return result;
}

const RSS_GOAL_MB = 300;

/** `migrate` alone, `runs` times on fresh copies: prints the spread of its peak RSS. */
function printPeakRssSpread(pristine: string, base: string, runs: number): void {
  const rss = Array.from({ length: runs }, () => onFreshCopy('migrate', pristine, base).rssMB);
  const over = rss.filter((mb) => mb > RSS_GOAL_MB).length;
  const mb = (x: number) => `${x.toFixed(0)} MB`;
  console.log(`  migrate peak RSS over ${runs} more runs: min ${mb(Math.min(...rss))}, median ${mb(median(rss))}, max ${mb(Math.max(...rss))}; ${over} over ${RSS_GOAL_MB} MB`);
}

function main(): void {
  const { values } = parseArgs({
    options: {
      files: { type: 'string', default: '10000' },
      runs: { type: 'string', default: '5' },
      'rss-runs': { type: 'string', default: '0' },
      dir: { type: 'string' },
      cli: { type: 'string' },
      baseline: { type: 'string' },
      env: { type: 'string', multiple: true, default: [] },
      'skip-large-files': { type: 'boolean', default: false },
    },
  });
  if (values.baseline) baselineCli = path.resolve(values.baseline); // a second build as a contender: before/after in the same rounds
  envContenders = values.env!;
  for (const e of envContenders) if (!/^[A-Z_][A-Z0-9_]*=/i.test(e)) throw new Error(`--env takes NAME=VALUE, not '${e}'`);
  const sizes = values.files!.split(',').map(Number);
  if (process.env.BENCH_50K === '1' && !sizes.includes(50000)) sizes.push(50000);
  const runs = Number(values.runs);
  const base = values.dir ? path.resolve(values.dir) : mkdtempSync(path.join(os.tmpdir(), 'boot-upgrade-bench-'));
  // an interrupted bench leaves no copies of the repository behind
  process.once('SIGINT', () => {
    if (!values.dir) rmSync(base, { recursive: true, force: true });
    process.exit(130);
  });
  if (values.cli) cli = path.resolve(values.cli); // another build's bin, run in place
  else {
    const installed = installPacked(root, path.join(base, 'installed'));
    cli = installed.bin;
    console.log(`measuring the installed package: ${installed.bin} (${path.basename(installed.tarball)}, npm install -g --prefix ${path.dirname(path.dirname(installed.bin))})`);
  }
  const load0 = os.loadavg();
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${load0.map((l) => l.toFixed(2)).join(' ')}`);
  console.log('Wall times move with whatever else the machine runs; CPU times and the within-round ratios are the numbers to compare.');
  const rssRuns = Number(values['rss-runs']);
  const largest = Math.max(...sizes);
  const results = sizes.map((n, i) => benchSize(n, runs, base, i === 0, n === largest ? rssRuns : 0));
  if (results.length > 1) {
    console.log('\nside by side (medians)');
    console.log('  files    MB     plain wall  migrate wall  migrate CPU  CPU µs/file  wall ratio  CPU ratio  migrate peak RSS');
    for (const r of results) {
      const mw = median(r.samples.migrate.map((s) => s.wallMs));
      const mc = median(r.samples.migrate.map((s) => s.cpuMs));
      console.log(
        `  ${String(r.files).padStart(6)} ${r.mb.toFixed(1).padStart(5)}  ${sec(median(r.samples.plain.map((s) => s.wallMs))).padStart(10)}  ${sec(mw).padStart(12)}  ${sec(mc).padStart(11)}  ${((mc * 1000) / r.files).toFixed(0).padStart(11)}  ${r.ratio.migrate.wall.toFixed(2).padStart(10)}  ${r.ratio.migrate.cpu.toFixed(2).padStart(9)}  ${Math.max(...r.samples.migrate.map((s) => s.rssMB)).toFixed(0).padStart(12)} MB`,
      );
    }
  }
  // a separate line: one large YAML and one large .properties file, at two sizes (linear or not)
  if (!values['skip-large-files']) process.stdout.write(execFileSync(process.execPath, [path.join(here, 'large-files.js')], { encoding: 'utf8' }));
  console.log(`\nload average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (before: ${load0.map((l) => l.toFixed(2)).join(' ')})`);
  if (!values.dir) rmSync(base, { recursive: true, force: true });
}

main();
