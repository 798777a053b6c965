#!/usr/bin/env node
// The compile corpus: for each repository of repos.json, export its tree at the listed commit,
// compile it as it is (the baseline, cached by commit), run the built CLI's `migrate` on a fresh
// export, compile again, and group the errors by cause. See docs/realworld.md.
//
//   npm run corpus -- [--only id,id] [--jobs 2] [--mirror DIR] [--out DIR] [--timeout SECONDS]
//                     [--baseline-only] [--rebaseline] [--reparse] [--repo-local DIR] [--boot-version V]
// --boot-version V runs `migrate --boot-version V` (default: the tool's default target).
// --reparse runs no build: it reads the kept logs again (after a change to the log reader).

import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, openSync, closeSync, renameSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseMavenLog } from './maven-log.mjs';
import { annotate, editedLines } from './annotate.mjs';
import { renderConsole, renderMarkdown } from './table.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');

function parseArgs(argv) {
  const o = { only: null, jobs: 2, mirror: '/work/.mirror', out: '/work/corpus-out', timeout: 2400,
    baselineOnly: false, rebaseline: false, reparse: false, repoLocal: join(homedir(), '.m2', 'repository'),
    list: join(here, 'repos.json'), cli: join(root, 'dist/cli/boot-upgrade.js'), bootVersion: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      const v = argv[++i];
      if (v === undefined) fail(`option ${a} needs a value`);
      return v;
    };
    switch (a) {
      case '--only': o.only = new Set(val().split(',').map((s) => s.trim()).filter(Boolean)); break;
      case '--jobs': o.jobs = Number(val()); break;
      case '--mirror': o.mirror = resolve(val()); break;
      case '--out': o.out = resolve(val()); break;
      case '--timeout': o.timeout = Number(val()); break;
      case '--repo-local': o.repoLocal = resolve(val()); break;
      case '--list': o.list = resolve(val()); break;
      case '--cli': o.cli = resolve(val()); break;
      case '--boot-version': o.bootVersion = val(); break;
      case '--baseline-only': o.baselineOnly = true; break;
      case '--rebaseline': o.rebaseline = true; break;
      case '--reparse': o.reparse = true; break;
      case '-h': case '--help':
        process.stdout.write(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(5, 7)
          .map((l) => l.replace(/^\/\/ ?/, '')).join('\n') + '\n');
        process.exit(0);
      default: fail(`unknown option ${a}`);
    }
  }
  if (!Number.isInteger(o.jobs) || o.jobs < 1 || o.jobs > 4) fail('--jobs must be 1 to 4');
  if (!(o.timeout > 0)) fail('--timeout must be a positive number of seconds');
  return o;
}

function fail(msg) {
  process.stderr.write(`corpus: ${msg}\n`);
  process.exit(2);
}

/** The bare git directory fetch made for owner/name: <mirror>/owner+name/repo (case-insensitive). */
function findGitDir(mirror, repo) {
  const want = repo.replace('/', '+').toLowerCase();
  const dir = existsSync(mirror) ? readdirSync(mirror).find((d) => d.toLowerCase() === want) : undefined;
  if (!dir) return null;
  for (const c of ['repo', 'repo/.git', '.git', '']) {
    const p = join(mirror, dir, c);
    if (existsSync(join(p, 'HEAD')) && existsSync(join(p, 'objects'))) return p;
  }
  return null;
}

/** Runs a command with its output appended to a log file; kills its process group at the limit. */
function run(cmd, args, { cwd, log, timeoutSec, env }) {
  return new Promise((resolvePromise) => {
    const fd = openSync(log, 'a');
    const started = Date.now();
    const child = spawn(cmd, args, { cwd, detached: true, stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
    }, timeoutSec * 1000);
    child.on('close', (code) => {
      clearTimeout(timer);
      closeSync(fd);
      resolvePromise({ code, timedOut, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

const GIT_ID = ['-c', 'user.name=corpus', '-c', 'user.email=corpus@corpus.invalid', '-c', 'commit.gpgsign=false'];

/** A fresh export of the commit, committed to a new git repository (migrate wants a clean tree). */
function exportTree(gitDir, entry, dest) {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  // `exclude` leaves out files a snapshot lacks the blob of (git archive fails whole on one).
  const excludes = (entry.exclude ?? []).map((p) => `:(exclude)${p}`);
  execFileSync('bash', ['-o', 'pipefail', '-c', 'git --git-dir="$1" archive "$2" -- . "${@:4}" | tar -x -C "$3"', '_', gitDir, entry.commit, dest, ...excludes],
    { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
  execFileSync('git', ['init', '-q'], { cwd: dest });
  execFileSync('git', ['add', '-A', '-f'], { cwd: dest, maxBuffer: 1 << 26 });
  execFileSync('git', [...GIT_ID, 'commit', '-q', '--no-verify', '-m', `${entry.commit} as exported`], { cwd: dest, maxBuffer: 1 << 26 });
}

function settingsXml(out) {
  // Every repository, declared anywhere, is served by Central: a build that needs another one
  // fails on the first artifact Central lacks instead of waiting on a host this machine cannot reach.
  const p = join(out, 'settings.xml');
  writeFileSync(p, `<?xml version="1.0" encoding="UTF-8"?>
<settings xmlns="http://maven.apache.org/SETTINGS/1.2.0">
  <mirrors>
    <mirror>
      <id>central-only</id>
      <name>Maven Central for every repository</name>
      <mirrorOf>*</mirrorOf>
      <url>https://repo.maven.apache.org/maven2</url>
    </mirror>
  </mirrors>
</settings>
`);
  return p;
}

async function compile(tree, entry, opts, log) {
  rmSync(log, { force: true });
  const cwd = entry.subdir ? join(tree, entry.subdir) : tree;
  const args = ['-B', '-fae', '-Dstyle.color=never', '-s', opts.settings, `-Dmaven.repo.local=${opts.repoLocal}`, '-DskipTests'];
  // A leaf module that cannot build here for a reason unrelated to Boot (a documentation module
  // whose plugin lives outside Central) is left out of the reactor, with the reason in the list.
  if (entry.excludeModules?.length) args.push('-pl', entry.excludeModules.map((m) => `!${m}`).join(','));
  // Switches for checks that are not compilation and fail here at the listed commit (with the reason).
  for (const a of entry.mvnArgs ?? []) {
    if (!/^-D[\w.-]+(=[\w.-]*)?$/.test(a)) throw new Error(`${entry.id}: mvnArgs takes -Dname=value switches only, not ${a}`);
    args.push(a);
  }
  args.push('test-compile');
  writeFileSync(log, `# cd ${relative(opts.out, cwd)} && mvn ${args.join(' ')}\n`);
  const r = await run('mvn', args, { cwd, log, timeoutSec: opts.timeout, env: { MAVEN_OPTS: '-Xmx1536m' } });
  return { ok: r.code === 0 && !r.timedOut, exit: r.code, seconds: r.seconds, timedOut: r.timedOut,
    errors: readErrors(tree, log, r.code, r.timedOut, opts) };
}

function readErrors(tree, log, code, timedOut, opts) {
  const errors = parseMavenLog(readFileSync(log, 'utf8')).map((e) => (e.file ? { ...e, file: relative(tree, e.file) } : e));
  if (timedOut) errors.push({ kind: 'build', message: `no result in ${opts.timeout} s`, cls: 'timeout' });
  if (code !== 0 && !timedOut && errors.length === 0) {
    errors.push({ kind: 'build', message: `mvn exited ${code} with no error line we recognize`, cls: 'unrecognized failure' });
  }
  return errors;
}

/** The same results read again from the kept logs and trees, with no build. */
function reparse(entry, prev, opts) {
  const rec = { ...prev };
  const work = join(opts.out, 'work', entry.id);
  const baseLog = join(opts.out, 'logs', `${entry.id}.baseline.log`);
  if (prev.baseline && existsSync(baseLog)) {
    rec.baseline = { ...prev.baseline, errors: readErrors(join(work, 'baseline'), baseLog, prev.baseline.exit, prev.baseline.timedOut, opts) };
    const { cached, ...stored } = rec.baseline;
    writeAtomic(baselineFile(entry, opts), JSON.stringify(stored, null, 2));
  }
  const afterLog = join(opts.out, 'logs', `${entry.id}.after.log`);
  if (prev.after && existsSync(afterLog) && existsSync(join(work, 'after'))) {
    rec.after = { ...prev.after, errors: readErrors(join(work, 'after'), afterLog, prev.after.exit, prev.after.timedOut, opts) };
    const edited = prev.edited ? new Map(Object.entries(prev.edited).map(([f, l]) => [f, l === 'all' ? 'all' : new Set(l)])) : undefined;
    Object.assign(rec, annotate(join(work, 'after'), rec.after, prev.migrate ?? {}, edited));
  }
  return rec;
}

function baselineFile(entry, opts) {
  // What the baseline depends on: the commit, where the build starts, the modules left out.
  const subdir = entry.subdir ? '-' + entry.subdir.replace(/\W/g, '_') : '';
  const modules = entry.excludeModules?.length ? '-without-' + entry.excludeModules.join('_').replace(/\W/g, '_') : '';
  const switches = entry.mvnArgs?.length ? '-' + entry.mvnArgs.join('_').replace(/\W/g, '_') : '';
  return join(opts.out, 'baselines', `${entry.id}-${entry.commit}${subdir}${modules}${switches}.json`);
}

async function baseline(entry, gitDir, opts) {
  const cacheFile = baselineFile(entry, opts);
  if (!opts.rebaseline && existsSync(cacheFile)) return { ...JSON.parse(readFileSync(cacheFile, 'utf8')), cached: true };
  const tree = join(opts.out, 'work', entry.id, 'baseline');
  exportTree(gitDir, entry, tree);
  const result = await compile(tree, entry, opts, join(opts.out, 'logs', `${entry.id}.baseline.log`));
  const stored = { ...result, at: new Date().toISOString() };
  writeAtomic(cacheFile, JSON.stringify(stored, null, 2));
  // The compiled baseline tree is only needed to look at by hand; its classes are large.
  rmSync(tree, { recursive: true, force: true });
  return stored;
}

async function after(entry, gitDir, opts, compileToo) {
  const tree = join(opts.out, 'work', entry.id, 'after');
  exportTree(gitDir, entry, tree);
  const jsonFile = join(opts.out, 'runs', `${entry.id}.migrate.json`);
  const errFile = join(opts.out, 'runs', `${entry.id}.migrate.stderr`);
  rmSync(jsonFile, { force: true });
  rmSync(errFile, { force: true });
  // As a user runs it: the built CLI, default options, on the repository's top folder.
  const target = opts.bootVersion ? ['--boot-version', opts.bootVersion] : [];
  const r = await run('bash', ['-c', 'exec node "$1" migrate --json "$2" "${@:4}" > "$3"', '_', opts.cli, tree, jsonFile, ...target],
    { cwd: tree, log: errFile, timeoutSec: 900, env: { NO_COLOR: '1' } });
  let migrate = { exit: r.code, seconds: r.seconds, timedOut: r.timedOut };
  try {
    const j = JSON.parse(readFileSync(jsonFile, 'utf8'));
    const modules = j.verdict?.modules ?? [];
    const leftModules = modules.filter((m) => m.kind === 'left-on-spring-boot-2').length;
    migrate = { ...migrate, verdict: j.verdict?.kind, leftModules, modules: modules.length, summary: j.summary, exitStatus: j.exitStatus, changes: j.changes, created: j.created,
      deleted: j.deleted, findings: j.findings.filter((f) => f.severity !== 'info'), refused: j.refused };
  } catch (e) {
    migrate.unreadable = `no JSON from migrate (${e.message.split('\n')[0]}); see ${relative(opts.out, errFile)}`;
  }
  if (!compileToo) return { migrate };
  const edited = editedLines(tree, migrate.created);
  const build = await compile(tree, entry, opts, join(opts.out, 'logs', `${entry.id}.after.log`));
  return { migrate, after: build, ...annotate(tree, build, migrate, edited),
    edited: Object.fromEntries([...edited].map(([f, l]) => [f, l === 'all' ? 'all' : [...l]])) };
}

function writeAtomic(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.${process.pid}.tmp`, text);
  renameSync(`${file}.${process.pid}.tmp`, file);
}

/**
 * One file per repository under OUT/entries, so that runs sharing the out folder never overwrite
 * each other's results; results.json is the union, written again after each repository.
 */
function entryStore(out, resultsFile) {
  const dir = join(out, 'entries');
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true });
    // An out folder from before per-repository files: split its results.json.
    if (existsSync(resultsFile)) {
      for (const rec of Object.values(JSON.parse(readFileSync(resultsFile, 'utf8')).entries ?? {})) writeAtomic(join(dir, `${rec.id}.json`), JSON.stringify(rec, null, 2));
    }
  }
  const file = (id) => join(dir, `${id}.json`);
  return {
    get: (id) => (existsSync(file(id)) ? JSON.parse(readFileSync(file(id), 'utf8')) : undefined),
    put(rec) {
      writeAtomic(file(rec.id), JSON.stringify(rec, null, 2));
      const entries = {};
      for (const f of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
        const r = JSON.parse(readFileSync(join(dir, f), 'utf8'));
        entries[r.id] = r;
      }
      writeAtomic(resultsFile, JSON.stringify({ updated: new Date().toISOString(), entries }, null, 2));
    },
  };
}

function toolCommit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'transforms', 'migration-table.json'], { cwd: root, encoding: 'utf8' }).trim();
    return dirty ? `${head}+dirty` : head;
  } catch { return 'unknown'; }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const list = JSON.parse(readFileSync(opts.list, 'utf8'));
  const entries = list.repositories.filter((e) => !opts.only || opts.only.has(e.id));
  if (opts.only) for (const id of opts.only) if (!list.repositories.some((e) => e.id === id)) fail(`--only: no entry ${id} in ${opts.list}`);
  if (!opts.baselineOnly && !existsSync(opts.cli)) fail(`${opts.cli} does not exist: run npm run build first`);
  for (const d of ['baselines', 'logs', 'runs', 'work']) mkdirSync(join(opts.out, d), { recursive: true });
  opts.settings = settingsXml(opts.out);
  const resultsFile = join(opts.out, 'results.json');
  const store = entryStore(opts.out, resultsFile);
  const tool = toolCommit();

  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const entry = entries[next++];
      const t0 = Date.now();
      const gitDir = findGitDir(opts.mirror, entry.repo);
      const rec = { id: entry.id, repo: entry.repo, commit: entry.commit, subdir: entry.subdir ?? null, ...(opts.bootVersion ? { bootVersion: opts.bootVersion } : {}) };
      if (opts.reparse) {
        const prev = store.get(entry.id);
        if (prev && prev.commit === entry.commit) store.put(reparse(entry, prev, opts));
        continue;
      }
      try {
        if (!gitDir) throw new Error(`no mirror of ${entry.repo} under ${opts.mirror} (fetch github:${entry.repo})`);
        rec.baseline = await baseline(entry, gitDir, opts);
        if (!opts.baselineOnly) Object.assign(rec, { tool, ...(await after(entry, gitDir, opts, rec.baseline.ok)) });
      } catch (e) {
        rec.problem = String(e.message ?? e).split('\n')[0];
      }
      const prev = store.get(entry.id);
      // --baseline-only keeps the last after-run of the same commit.
      if (opts.baselineOnly && prev && prev.commit === entry.commit) for (const k of ['tool', 'migrate', 'after', 'nonBootModulesChanged', 'errorFindings']) if (prev[k]) rec[k] = prev[k];
      store.put(rec);
      const b = rec.baseline ? (rec.baseline.ok ? 'ok' : 'FAIL') : '-';
      const a = rec.after ? (rec.after.ok ? 'ok' : `FAIL (${rec.after.errors.length})`) : '-';
      process.stderr.write(`[${entry.id}] baseline ${b}${rec.baseline?.cached ? ' (cached)' : ''}, after ${a}${rec.problem ? `, ${rec.problem}` : ''} in ${Math.round((Date.now() - t0) / 1000)} s\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.jobs, entries.length) }, worker));

  const rows = list.repositories.map((e) => ({ entry: e, rec: store.get(e.id) }));
  process.stdout.write(renderConsole(rows));
  writeAtomic(join(opts.out, 'table.md'), renderMarkdown(rows));
  process.stderr.write(`results: ${resultsFile}\ntable: ${join(opts.out, 'table.md')}\n`);
}

main().catch((e) => { process.stderr.write(`corpus: ${e.stack ?? e}\n`); process.exit(1); });
