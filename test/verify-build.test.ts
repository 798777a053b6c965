// verify and migrate --verify with the real Maven on tiny plain-Java projects (one that compiles,
// one that does not, one with a dependency that does not exist, one with a dependency Boot 3.0 no
// longer versions), and with stand-in Gradle wrappers that print Gradle's, kotlinc's and javac's
// error layouts, or never finish. Maven's first run downloads two plugins from Maven Central.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli/main.js';
import { onPath } from '../src/verify/build-root.js';
import { PROJECT } from './helpers/cli-process.js';

const PROJECTS = path.resolve(__dirname, 'verify-projects');
const BUILD_TIMEOUT = 600_000;
const temps: string[] = [];
afterAll(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

/** A copy of a test project in a fresh temporary folder (the build writes its output there). */
function project(name: string): string {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'bu-verify-')), name);
  temps.push(path.dirname(dir));
  cpSync(path.join(PROJECTS, name), dir, { recursive: true });
  return dir;
}

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    return { code: await main(args), stdout, stderr };
  } finally {
    vi.restoreAllMocks();
  }
}

interface JsonFinding {
  rule: string;
  path: string;
  line: number;
  column: number;
  message: string;
}
const places = (findings: JsonFinding[]) => findings.map((f) => `${f.rule} ${f.path}:${f.line}:${f.column}`);

describe.skipIf(!onPath('mvn'))('with the real Maven', () => {
  it('a build that compiles passes: exit 0, the command and its status in the JSON', async () => {
    const dir = project('compiles');
    const r = await run(['verify', dir, '--format', 'json']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.findings).toEqual([]);
    expect(json.verify).toMatchObject({ ran: true, status: 'passed', passed: true, timedOut: false, errors: 0, builds: [{ tool: 'maven', dir: '.', command: 'mvn -B -DskipTests --fail-at-end test-compile', status: 'passed', exitCode: 0 }] });
    expect(r.stderr).toContain(`verify: running \`mvn -B -DskipTests --fail-at-end test-compile\` in ${dir}`);
    expect(existsSync(path.join(dir, 'target', 'test-classes', 'com', 'acme', 'ledger', 'LedgerCheck.class'))).toBe(true);
  }, BUILD_TIMEOUT);

  it('a build that does not compile: exit 6, each compiler error at file:line:col, mapped where the table knows it', async () => {
    const dir = project('does-not-compile');
    const r = await run(['verify', dir, '--format', 'json']);
    expect(r.code, r.stdout + r.stderr).toBe(6);
    const json = JSON.parse(r.stdout);
    const entry = 'src/main/java/com/acme/ledger/Entry.java';
    // javac's places; Maven prints each error twice (listed once)
    expect(places(json.findings)).toEqual([
      `verify/boot3-change ${entry}:3:24`,
      `verify/boot3-change ${entry}:4:35`,
      `verify/compile-error ${entry}:5:29`,
      `verify/boot3-change ${entry}:7:2`,
      `verify/compile-error ${entry}:9:13`,
      `verify/boot3-change ${entry}:11:6`,
    ]);
    const messages: string[] = json.findings.map((f: JsonFinding) => f.message);
    expect(messages[0]).toMatch(/^javac: package javax\.annotation does not exist\. javax\.annotation\.PostConstruct is Java EE.*jakarta\.annotation\.PostConstruct.*jakarta\.annotation:jakarta\.annotation-api/);
    expect(messages[1]).toMatch(/^javac: package jakarta\.xml\.bind\.annotation does not exist\. jakarta\.xml\.bind\.annotation \(Jakarta XML Binding\) is not on the class path: Boot 3\.0 provides jakarta\.xml\.bind:jakarta\.xml\.bind-api/);
    expect(messages[2]).toBe('javac: package com.acme.ledger.audit does not exist.');
    expect(messages[3]).toMatch(/^javac: cannot find symbol \(symbol: class XmlRootElement\)\. jakarta\.xml\.bind\.annotation/);
    expect(messages[4]).toBe('javac: cannot find symbol (symbol: class AuditTrail; location: class com.acme.ledger.Entry).');
    expect(json.verify).toMatchObject({ status: 'failed', compileErrors: 6, unresolvedDependencies: 0, errors: 6 });
  }, BUILD_TIMEOUT);

  it('migrate --verify: the build runs on the written tree, its verdict in the summary and the exit code, its errors listed first', async () => {
    const dir = project('does-not-compile');
    const summaryFile = path.join(path.dirname(dir), 'summary.json');
    // without build/jakarta-api, which would declare the two APIs: the build keeps Boot 3 changes for verify to map
    const r = await run(['migrate', dir, '--verify', '--skip', 'build/jakarta-api', '--summary-file', summaryFile]);
    expect(r.code, r.stderr).toBe(6);
    const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
    expect(summary).toMatchObject({ exitCode: 6, exitStatus: 'build-failed', verify: { ran: true, status: 'failed', passed: false, timedOut: false } });
    // the import was migrated to jakarta (+2 columns); no dependency of this build provides it (none was added)
    expect(readFileSync(path.join(dir, 'src/main/java/com/acme/ledger/Entry.java'), 'utf8')).toContain('import jakarta.annotation.PostConstruct;');
    const first = summary.findings[0];
    expect([first.rule, first.path, first.line, first.column]).toEqual(['verify/boot3-change', 'src/main/java/com/acme/ledger/Entry.java', 3, 26]);
    expect(first.message).toMatch(/^javac: package jakarta\.annotation does not exist\. jakarta\.annotation \(Jakarta Annotations\) is not on the class path: Boot 3\.0 provides jakarta\.annotation:jakarta\.annotation-api/);
    expect(summary.summary.errors).toBeGreaterThanOrEqual(summary.verify.errors);
    // the human summary: the build's verdict, then its errors before anything else
    const lines = r.stderr.split('\n');
    expect(lines.find((l) => l.startsWith('verify: failed in '))).toMatch(/mvn -B -DskipTests --fail-at-end test-compile \(in \.\): 6 compile error\(s\), 0 unresolved/);
    const heading = lines.findIndex((l) => l.startsWith('the build does not pass: 6 error(s)'));
    expect(heading).toBeGreaterThan(0);
    expect(lines[heading + 1]).toMatch(/^  src\/main\/java\/com\/acme\/ledger\/Entry\.java:3:26: error \[verify\/boot3-change\]/);
  }, BUILD_TIMEOUT);

  it('a dependency that does not exist: its coordinates, at the line that declares it; SARIF carries the result', async () => {
    const dir = project('unresolved');
    const r = await run(['verify', dir, '--format', 'sarif']);
    expect(r.code, r.stdout + r.stderr).toBe(6);
    const run0 = JSON.parse(r.stdout).runs[0];
    expect(run0.properties.verify).toMatchObject({ status: 'failed', unresolvedDependencies: 1, compileErrors: 0 });
    expect(run0.results).toHaveLength(1);
    expect(run0.results[0]).toMatchObject({ ruleId: 'verify/unresolved-dependency', level: 'error', locations: [{ physicalLocation: { artifactLocation: { uri: 'pom.xml' }, region: { startLine: 16 } } }] });
    expect(run0.results[0].message.text).toMatch(/^com\.acme\.nowhere:ledger-missing:9\.9\.9 could not be resolved; the build said: .*com\.acme\.nowhere:ledger-missing:jar:9\.9\.9/);
  }, BUILD_TIMEOUT);

  it('a dependency left without a version once Boot 3.0 stops managing it: the POM line and what the table knows', async () => {
    const dir = project('missing-version');
    const r = await run(['verify', dir]);
    expect(r.code, r.stdout + r.stderr).toBe(6);
    expect(r.stdout).toMatch(/^pom\.xml:\d+:\d+: error \[verify\/unresolved-dependency\] 'dependencies\.dependency\.version' for antlr:antlr:jar is missing\. ANTLR 2 dependency management removed.*give it one \(Boot 2\.7 managed 2\.7\.7\)/m);
    expect(r.stdout).toMatch(/^verify: failed in \d+/m);
  }, BUILD_TIMEOUT);
});

describe('with a stand-in Gradle wrapper', () => {
  it("runs ./gradlew at the settings root and reads kotlinc's two layouts, javac's plain one and Gradle's resolution errors", async () => {
    const root = project('gradle-standin');
    const r = await run(['verify', path.join(root, 'app'), '--format', 'json']);
    expect(r.code, r.stdout + r.stderr).toBe(6);
    expect(readFileSync(path.join(root, '.standin-call'), 'utf8').split('\n')).toEqual([root, '--console=plain', '--continue', '--no-daemon', 'testClasses', '']);
    const json = JSON.parse(r.stdout);
    // paths from the directory given (app), as every other output gives them
    expect(places(json.findings)).toEqual([
      'verify/unresolved-dependency build.gradle:8:21',
      'verify/boot3-change src/main/java/com/acme/ledger/LedgerSecurity.java:6:37',
      'verify/boot3-change src/main/java/com/acme/ledger/LedgerSecurity.java:9:33',
      'verify/boot3-change src/main/kotlin/com/acme/ledger/Ledger.kt:3:14',
      'verify/compile-error src/main/kotlin/com/acme/ledger/Ledger.kt:8:17',
    ]);
    const messages = json.findings.map((f: JsonFinding) => f.message);
    expect(messages[0]).toMatch(/^com\.acme\.nowhere:ledger-missing:9\.9\.9 could not be resolved/);
    expect(messages[1]).toMatch(/^javac: cannot find symbol \(symbol: class WebSecurityConfigurerAdapter\)\. WebSecurityConfigurerAdapter .*SecurityFilterChain/);
    expect(messages[2]).toMatch(/antMatchers is gone in Spring Security 6 \(Boot 3\.0\): use requestMatchers/);
    expect(messages[3]).toMatch(/^kotlinc: Unresolved reference 'annotation'\. javax\.annotation\.PostConstruct is Java EE/);
    expect(messages[4]).toBe('kotlinc: Unresolved reference: Totals.');
    expect(json.verify).toMatchObject({ status: 'failed', compileErrors: 4, unresolvedDependencies: 1, builds: [{ tool: 'gradle', dir: '..', command: './gradlew --console=plain --continue --no-daemon testClasses', exitCode: 1 }] });
  }, BUILD_TIMEOUT);

  it('a build past --verify-timeout is stopped with its whole process tree, and says so', async () => {
    const dir = project('gradle-sleeps');
    // the limit leaves a busy machine time to start the stand-in's three sleepers before it strikes
    const r = await run(['verify', dir, '--verify-timeout', '20s', '--format', 'json']);
    expect(r.code, r.stdout + r.stderr).toBe(6);
    const json = JSON.parse(r.stdout);
    expect(json.verify).toMatchObject({ status: 'timed-out', timedOut: true, passed: false, timeoutMs: 20000, builds: [{ status: 'timed-out', exitCode: null }] });
    expect(places(json.findings)).toEqual(['verify/timeout settings.gradle:1:1']);
    expect(json.findings[0].message).toMatch(/did not finish within 20s \(--verify-timeout\) and was stopped, its whole process tree killed/);
    // the wrapper, a process in its group and one that left the group (setsid) are all gone
    const pids = readFileSync(path.join(dir, '.standin-pids'), 'utf8').trim().split('\n').map(Number);
    expect(pids).toHaveLength(3);
    for (const pid of pids) await expect.poll(() => alive(pid), { timeout: 30_000, interval: 200 }).toBe(false);
  }, BUILD_TIMEOUT);

  it('Ctrl-C stops the build with its process tree, then ends the run by the same signal', async () => {
    const dir = project('gradle-sleeps');
    const tsx = path.join(PROJECT, 'node_modules', 'tsx', 'dist', 'loader.mjs');
    const child = spawn(process.execPath, ['--import', tsx, path.join(PROJECT, 'src', 'cli', 'main.ts'), 'verify', dir], { stdio: 'ignore' });
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    const pidsFile = path.join(dir, '.standin-pids');
    await expect.poll(() => existsSync(pidsFile) && readFileSync(pidsFile, 'utf8').trim().split('\n').length === 3, { timeout: 120_000, interval: 200 }).toBe(true);
    child.kill('SIGINT');
    expect(await ended).toEqual({ code: null, signal: 'SIGINT' });
    for (const pid of readFileSync(pidsFile, 'utf8').trim().split('\n').map(Number)) await expect.poll(() => alive(pid), { timeout: 30_000, interval: 200 }).toBe(false);
  }, BUILD_TIMEOUT);
});

/** Running (a zombie waiting for its parent to reap it has stopped). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}

describe('opt-in only, and refused before anything runs or is written', () => {
  it('--dry-run --verify is a usage error', async () => {
    const r = await run(['migrate', project('does-not-compile'), '--dry-run', '--verify']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^boot-upgrade: --verify builds the migrated tree and --dry-run writes none/);
  });

  it('no build, a bad time limit, or a configuration that asks for verify: exit 2', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'bu-verify-empty-'));
    temps.push(empty);
    writeFileSync(path.join(empty, 'notes.txt'), 'no build here\n');
    expect((await run(['verify', empty])).stderr).toMatch(/no Maven or Gradle build here or below/);
    expect((await run(['verify', project('gradle-standin'), '--verify-timeout', 'soon'])).stderr).toMatch(/--verify-timeout takes a duration/);
    const configured = project('gradle-standin');
    writeFileSync(path.join(configured, '.boot-upgrade.json'), '{ "verify": true }\n');
    const r = await run(['migrate', configured]);
    expect(r.code).toBe(2);
    expect(existsSync(path.join(configured, '.standin-call'))).toBe(false);
  });

  it('--help says that verify runs code from the repository', async () => {
    for (const command of ['migrate', 'verify']) expect((await run([command, '--help'])).stdout).toMatch(/runs code from the repository/);
    expect((await run(['--help'])).stdout).toMatch(/verify \[dir\] +run the repository's own build in compile mode/);
  });
});
