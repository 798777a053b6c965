// npm run test:apps: every example application under examples/, built for real before and after
// the tool migrates it. For each app: copy it to a temporary folder, `mvn -B verify` (before, on
// Boot 2.7), git init and commit, `node dist/cli/boot-upgrade.js migrate <dir>` with default
// options as a user runs the installed bin (its JSON summary written beside, for the error
// findings), then `mvn -B verify` again (after). An app passes only when both builds are green and
// the run named no error. All builds share one local Maven repository; two apps run at a time by
// default (the CI machine has two cores).
//
//   node scripts/test-apps.mjs [app...] [--keep] [--boot-version V] [--jobs N]
//                              [--maven-repo DIR] [--build-timeout SECONDS] [--logs DIR]
import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { failureKind, failureLines } from './apps/build-log.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const examples = path.join(root, 'examples');
const cli = path.join(root, 'dist', 'cli', 'boot-upgrade.js');

const USAGE = `Usage: node scripts/test-apps.mjs [app...] [options]

Builds each example app with \`mvn -B verify\`, migrates it with the built CLI, builds it again.

Options:
  --keep                  keep the temporary copies (their paths are printed)
  --boot-version V        pass --boot-version V to migrate (the Spring Boot 3 release to move to)
  --jobs N                apps built at the same time (default 2)
  --maven-repo DIR        local Maven repository for every build (default: Maven's own, ~/.m2/repository)
  --build-timeout S       seconds one mvn run may take before it is stopped (default 1200)
  --logs DIR              where the build logs and run summaries go (default .test-apps)
  -h, --help              show this help`;

function usage(message) {
  process.stderr.write(`test-apps: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const apps = readdirSync(examples).filter((name) => existsSync(path.join(examples, name, 'pom.xml'))).sort();
  const options = { apps: [], keep: false, bootVersion: undefined, jobs: 2, mavenRepo: undefined, buildTimeout: 1200, logs: path.join(root, '.test-apps') };
  const value = (i, flag) => {
    if (i + 1 >= argv.length || argv[i + 1].startsWith('--')) usage(`${flag} needs a value`);
    return argv[i + 1];
  };
  const positive = (text, flag) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) usage(`${flag} takes a whole number above 0, not '${text}'`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-h' || arg === '--help') {
      process.stdout.write(USAGE + '\n');
      process.exit(0);
    } else if (arg === '--keep') options.keep = true;
    else if (arg === '--boot-version') options.bootVersion = value(i++, arg);
    else if (arg === '--jobs') options.jobs = positive(value(i++, arg), arg);
    else if (arg === '--maven-repo') options.mavenRepo = path.resolve(value(i++, arg));
    else if (arg === '--build-timeout') options.buildTimeout = positive(value(i++, arg), arg);
    else if (arg === '--logs') options.logs = path.resolve(value(i++, arg));
    else if (arg.startsWith('-')) usage(`unknown option '${arg}'`);
    else if (!apps.includes(arg)) usage(`no example app '${arg}' (apps: ${apps.join(', ')})`);
    else if (!options.apps.includes(arg)) options.apps.push(arg);
  }
  if (options.apps.length === 0) options.apps = apps;
  return options;
}

/** Runs a command with its output going to `log`; resolves with the exit code and whether the time limit stopped it. */
function run(command, args, { cwd, log, timeoutSeconds, env }) {
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    out.write(`$ ${command} ${args.join(' ')}\n`);
    // detached: its own process group, so a timeout ends Maven's forked test JVMs too
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutSeconds * 1000);
    child.on('error', (error) => {
      clearTimeout(timer);
      out.end(`\n${error.message}\n`, () => resolve({ code: 127, timedOut }));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      out.end(() => resolve({ code: code ?? 1, timedOut }));
    });
  });
}

function maven(tree, log, options) {
  const args = ['-B', '-ntp', 'verify'];
  if (options.mavenRepo) args.push(`-Dmaven.repo.local=${options.mavenRepo}`);
  return run('mvn', args, { cwd: tree, log, timeoutSeconds: options.buildTimeout });
}

/** Removes target/ beside every pom.xml: the migrated tree starts from sources only, as a clone does. */
function removeBuildOutput(dir) {
  if (!existsSync(path.join(dir, 'pom.xml'))) return;
  rmSync(path.join(dir, 'target'), { recursive: true, force: true });
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== 'src' && !entry.name.startsWith('.')) removeBuildOutput(path.join(dir, entry.name));
  }
}

/** One build's verdict for the table and the lines that say what broke. */
async function verdict(result, log, tree, seconds) {
  if (result.code === 0 && !result.timedOut) return { ok: true, kind: 'ok', seconds, lines: [] };
  const text = readFileSync(log, 'utf8');
  return { ok: false, kind: failureKind(text, result.timedOut), seconds, lines: failureLines(text, tree) };
}

async function testApp(app, options) {
  const started = Date.now();
  const logs = path.join(options.logs, app);
  rmSync(logs, { recursive: true, force: true });
  mkdirSync(logs, { recursive: true });
  const tree = mkdtempSync(path.join(os.tmpdir(), `boot-upgrade-app-${app}-`));
  const result = { app, tree, logs, before: null, run: null, after: null };
  try {
    cpSync(path.join(examples, app), tree, { recursive: true, filter: (source) => path.basename(source) !== 'target' });
    let t = Date.now();
    const before = await maven(tree, path.join(logs, 'before.log'), options);
    result.before = await verdict(before, path.join(logs, 'before.log'), tree, (Date.now() - t) / 1000);
    if (!result.before.ok) return result;
    removeBuildOutput(tree);
    const git = (...args) => run('git', ['-c', 'user.name=test-apps', '-c', 'user.email=test-apps@boot-upgrade.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: tree, log: path.join(logs, 'git.log'), timeoutSeconds: 120 });
    for (const args of [['init', '-q'], ['add', '-A'], ['commit', '-qm', 'the app on Spring Boot 2.7']]) {
      const step = await git(...args);
      if (step.code !== 0) throw new Error(`git ${args[0]} failed in ${tree} (see ${path.join(logs, 'git.log')})`);
    }
    t = Date.now();
    const summaryFile = path.join(logs, 'summary.json');
    const migrateArgs = [cli, 'migrate', tree, '--summary-file', summaryFile];
    if (options.bootVersion) migrateArgs.push('--boot-version', options.bootVersion);
    const migrated = await run(process.execPath, migrateArgs, { cwd: tree, log: path.join(logs, 'migrate.log'), timeoutSeconds: 600, env: { NO_COLOR: '1' } });
    const summary = existsSync(summaryFile) ? JSON.parse(readFileSync(summaryFile, 'utf8')) : null;
    const errors = (summary?.findings ?? []).filter((f) => f.severity === 'error');
    result.run = { code: migrated.code, seconds: (Date.now() - t) / 1000, errors, crashed: migrated.code === 5 || migrated.timedOut || !summary };
    t = Date.now();
    const after = await maven(tree, path.join(logs, 'after.log'), options);
    result.after = await verdict(after, path.join(logs, 'after.log'), tree, (Date.now() - t) / 1000);
    return result;
  } finally {
    result.seconds = (Date.now() - started) / 1000;
    if (!options.keep) {
      rmSync(tree, { recursive: true, force: true });
      result.tree = null;
    }
    writeFileSync(path.join(logs, 'result.json'), JSON.stringify(result, null, 2) + '\n');
  }
}

function passed(result) {
  return result.before?.ok && result.after?.ok && result.run && !result.run.crashed && result.run.errors.length === 0;
}

function table(results) {
  const cell = (build) => (build ? `${build.ok ? 'ok' : 'FAIL ' + build.kind} ${Math.round(build.seconds)}s` : '-');
  const named = (r) => {
    if (!r.run) return '-';
    if (r.run.crashed) return `run failed (exit ${r.run.code})`;
    if (r.run.errors.length === 0) return '0';
    const rules = [...new Set(r.run.errors.map((f) => f.rule))];
    return `${r.run.errors.length} (${rules.join(', ')})`;
  };
  const rows = [['app', 'before', 'after', 'errors named by the run', 'time', 'result']];
  for (const r of results) rows.push([r.app, cell(r.before), cell(r.after), named(r), `${Math.round(r.seconds)}s`, passed(r) ? 'pass' : 'FAIL']);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  return rows.map((row) => row.map((v, c) => v.padEnd(widths[c])).join('  ').trimEnd()).join('\n');
}

function details(results) {
  const out = [];
  for (const r of results) {
    if (passed(r)) continue;
    out.push(`\n${r.app}: logs in ${path.relative(process.cwd(), r.logs) || '.'}${r.tree ? `, tree kept in ${r.tree}` : ''}`);
    for (const f of r.run?.errors ?? []) out.push(`  error finding ${f.path}:${f.line}: [${f.rule}] ${f.message.split('\n')[0].slice(0, 200)}`);
    const failing = r.before && !r.before.ok ? ['before', r.before] : r.after && !r.after.ok ? ['after', r.after] : null;
    if (failing) {
      const [name, build] = failing;
      const shown = build.lines.slice(0, 40);
      for (const line of shown) out.push(`  ${name}: ${line}`);
      if (build.lines.length > shown.length) out.push(`  ${name}: and ${build.lines.length - shown.length} more (see the log)`);
      if (build.lines.length === 0) out.push(`  ${name}: ${build.kind} failure; no compiler or test line found (see the log)`);
    }
  }
  return out.join('\n');
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(cli)) usage(`${path.relative(root, cli)} is missing: run npm run build first`);
  mkdirSync(options.logs, { recursive: true });
  const started = Date.now();
  const queue = [...options.apps];
  const results = new Map();
  process.stderr.write(`test-apps: ${queue.length} app(s), ${options.jobs} at a time${options.mavenRepo ? `, Maven repository ${options.mavenRepo}` : ''}${options.bootVersion ? `, --boot-version ${options.bootVersion}` : ''}\n`);
  const worker = async () => {
    while (queue.length) {
      const app = queue.shift();
      let result;
      try {
        result = await testApp(app, options);
      } catch (error) {
        result = { app, logs: path.join(options.logs, app), before: null, run: null, after: null, seconds: 0, error: error.message };
        process.stderr.write(`test-apps: ${app}: ${error.message}\n`);
      }
      results.set(app, result);
      process.stderr.write(`test-apps: ${app} ${passed(result) ? 'passed' : 'FAILED'} (${Math.round(result.seconds)}s)\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.jobs, queue.length) }, worker));
  const ordered = options.apps.map((app) => results.get(app));
  writeFileSync(path.join(options.logs, 'results.json'), JSON.stringify(ordered, null, 2) + '\n');
  const ok = ordered.filter(passed).length;
  process.stdout.write(`${table(ordered)}\n${details(ordered)}\n\ntotal ${Math.round((Date.now() - started) / 1000)}s\napps: ${ok} passed, ${ordered.length - ok} failed\n`);
  process.exitCode = ok === ordered.length ? 0 : 1;
}

await main();
