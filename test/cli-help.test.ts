// What every command shares: help within 100 columns with examples, the common options (maturity
// too), and --quiet, which leaves on stderr only errors and what fails a check.
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMON_OPTIONS, HELP_WIDTH } from '../src/cli/options.js';
import { runMain } from './helpers/cli-in-process.js';

const ROOT = path.resolve(__dirname, '..');
const DEMO = path.join(ROOT, 'examples', 'demo-app');
const COMMANDS = ['migrate', 'check', 'report', 'maturity'];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bu-cli-help-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function demoCopy(name: string): string {
  const dir = path.join(tmp, name);
  cpSync(DEMO, dir, { recursive: true });
  return dir;
}

describe('help', () => {
  it.each([[''], ...COMMANDS.map((c) => [c])])('boot-upgrade %s --help: every line within 100 columns, with examples of the command', async (cmd) => {
    const r = await runMain(cmd ? [cmd, '--help'] : ['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Usage: boot-upgrade ${cmd || '<command>'}`);
    const long = r.stdout.split('\n').filter((l) => l.length > HELP_WIDTH);
    expect(long).toEqual([]);
    const examples = r.stdout.slice(r.stdout.indexOf('Examples:'));
    expect(r.stdout).toContain('Examples:');
    expect(examples).toMatch(new RegExp(`^  boot-upgrade ${cmd || 'migrate'} `, 'm'));
  });

  it.each(COMMANDS)('boot-upgrade %s --help lists every common option', async (cmd) => {
    const r = await runMain([cmd, '--help']);
    for (const name of Object.keys(COMMON_OPTIONS)) expect(r.stdout, name).toMatch(new RegExp(`--${name}\\b`));
  });
});

describe('maturity takes the common options', () => {
  it('--output and -f, --quiet, --color: the report in the file, coloured only on request and never in a file', async () => {
    const out = path.join(tmp, 'maturity.md');
    const r = await runMain(['maturity', '-f', 'markdown', '-o', out, '-q', DEMO]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('');
    expect(readFileSync(out, 'utf8')).toMatch(/^# API maturity: level \d/);
    expect((await runMain(['maturity', '--color', DEMO])).stdout).toContain('\x1b[');
    expect((await runMain(['maturity', '--no-color', DEMO])).stdout).not.toContain('\x1b[');
  });

  it('--max-file-size and --verbose: a controller larger than the limit is not read, and --verbose says so', async () => {
    const app = demoCopy('maturity-large');
    const controller = 'src/main/java/com/example/demo/web/UserController.java';
    const whole = await runMain(['maturity', '--format', 'json', '--verbose', app]);
    expect(whole.stdout).toContain('/api/users');
    expect(whole.stderr).not.toContain(controller);
    const size = readFileSync(path.join(app, controller)).length;
    const limited = await runMain(['maturity', '--format', 'json', '--verbose', '--max-file-size', String(size - 1), app]);
    expect(limited.code).toBe(0); // the other controllers are still graded
    expect(limited.stdout).not.toContain('/api/users');
    expect(limited.stderr).toContain(`not read ${controller}: `);
  });

  it('an unknown option names the nearest one, as the other commands do', async () => {
    const r = await runMain(['maturity', '--verbos', DEMO]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("boot-upgrade: unknown option '--verbos' (did you mean '--verbose'?)\n");
  });
});

describe('--quiet', () => {
  it('check --quiet prints what fails the check (file:line) and nothing else: no summary, no warnings, no fix line', async () => {
    const app = demoCopy('check-quiet');
    const files = ['pom.xml', 'src/main/resources/application.yml'];
    const loud = await runMain(['check', ...files], { cwd: app });
    const quiet = await runMain(['check', '--quiet', ...files], { cwd: app });
    expect(quiet.code).toBe(loud.code);
    expect(quiet.code).toBe(1);
    expect(loud.stderr).toMatch(/^boot-upgrade check: /m);
    expect(loud.stderr).toMatch(/^fix: /m);
    expect(quiet.stderr).not.toMatch(/^boot-upgrade check: |^fix: |^warning\(s\)/m);
    const failing = quiet.stderr.trim().split('\n');
    expect(failing.length).toBeGreaterThan(2);
    for (const line of failing) expect(line).toMatch(/^(pom\.xml|src\/main\/resources\/application\.yml)(:\d+)?: /);
  });

  it('check --quiet still shows the warnings when they fail it (--max-warnings)', async () => {
    const r = await runMain(['check', '--quiet', '--max-warnings', '0', '.'], { cwd: DEMO });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^warning\(s\) \(\d+\) by rule:/m);
  });

  it('migrate --quiet writes the same files and prints only the error findings', async () => {
    const [loudApp, quietApp] = [demoCopy('migrate-loud'), demoCopy('migrate-quiet')];
    // one error to print: a dialect Hibernate 6 moved to another artifact (the demo itself has none)
    for (const app of [loudApp, quietApp]) appendFileSync(path.join(app, 'src/main/resources/application.properties'), 'spring.jpa.database-platform=org.hibernate.dialect.FirebirdDialect\n');
    const loud = await runMain(['migrate', loudApp], { cwd: loudApp });
    const quiet = await runMain(['migrate', '--quiet', quietApp], { cwd: quietApp });
    expect(quiet.code).toBe(loud.code);
    expect(readFileSync(path.join(quietApp, 'pom.xml'), 'utf8')).toBe(readFileSync(path.join(loudApp, 'pom.xml'), 'utf8'));
    expect(existsSync(path.join(quietApp, 'src/main/resources/META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports'))).toBe(true);
    expect(loud.stderr).toMatch(/^next: /m);
    const lines = quiet.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    for (const line of lines) expect(line).toMatch(/:\d+:\d+: error \[/);
  });

  it('--quiet and --verbose together are a usage error', async () => {
    const r = await runMain(['report', '--quiet', '--verbose', DEMO]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--quiet and --verbose/);
  });
});
