// What a person and a runner read, with the real process: the summary that names what needs a
// human, one path base, colour per stream (a real terminal through `script`), exit codes and
// the JSON summary of migrate.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bash, CLI_FUNCTION } from './helpers/cli-process.js';
import { acmeRepo, GRADLE_PATH, JAVA_PATH, PROPS, PROPS_PATH } from './helpers/acme-repo.js';

const temps: string[] = [];
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

const ESC = '\x1b[';
/** The default run's closing line names the newest line the table knows. */
const FURTHER = `; Spring Boot 3.5 (${JSON.parse(readFileSync(path.join(__dirname, '..', 'migration-table.json'), 'utf8')).targets.minors.at(-1).latest}) is one option away: --boot-version 3.5`;

describe('migrate and --dry-run say what needs a human', () => {
  it('errors in full, warnings grouped by rule with a count and one explanation, one closing line', () => {
    const top = acmeRepo(temps);
    const r = bash('boot-upgrade migrate --dry-run services/app > /dev/null', top);
    expect(r.status).toBe(0);
    const lines = r.stderr.trimEnd().split('\n');
    // the verdict first, then the counts
    expect(lines[0]).toBe('verdict: 1 error(s) to fix by hand for Spring Boot 3.0');
    expect(lines[1]).toMatch(/^boot-upgrade: 3 file\(s\) would change, .*\(1 error\(s\), 1 warning\(s\), 1 info\)/);
    expect(r.stderr).toContain(`  ${PROPS_PATH}:2:1: error [properties/hibernate-dialect] org.hibernate.dialect.FirebirdDialect does not exist in Hibernate 6.1`);
    expect(r.stderr).toContain('#rule-properties-hibernate-dialect');
    const group = lines.filter((l) => l.includes('[project/trailing-slash]'));
    expect(group).toHaveLength(1);
    expect(group[0]).toMatch(/\[project\/trailing-slash\] ×1: Spring Framework 6 no longer matches a trailing slash/);
    // the explanation is printed once, not per route
    expect(r.stderr.match(/no longer matches a trailing slash/g)).toHaveLength(1);
    expect(r.stderr.match(/setUseTrailingSlashMatch/g) ?? []).toHaveLength(0);
    // one finding per application, with the routes inside it
    expect(lines).toContain('    application services/app, 2 route(s):');
    expect(lines).toContain(`      ${JAVA_PATH}:10:19: GET /orders/ no longer reaches Orders#list.`);
    expect(lines).toContain(`      ${JAVA_PATH}:12:19: GET /orders/{id}/ no longer reaches Orders#one.`);
    expect(lines.at(-1)).toBe(`next: run boot-upgrade migrate (or git apply this diff from the base folder), then fix the 1 error(s) and review the 1 warning(s) above${FURTHER}`);
  });

  it('migrate (writing) ends with the next step too; nothing left says so', () => {
    const top = acmeRepo(temps);
    const r = bash('boot-upgrade migrate services/app', top);
    expect(r.status).toBe(0);
    expect(r.stderr.trimEnd().split('\n')[0]).toBe('verdict: migrated to Spring Boot 3.0 with 1 error(s) to fix by hand');
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(`next: fix the 1 error(s) and review the 1 warning(s) above, review the changes (git diff), then run boot-upgrade check${FURTHER}`);
    expect(readFileSync(path.join(top, PROPS_PATH), 'utf8')).toContain('spring.data.redis.host=localhost');
    const clean = acmeRepo(temps, false, { [PROPS_PATH]: 'spring.data.redis.host=h\n', [JAVA_PATH]: 'package a;\n', [GRADLE_PATH]: '' });
    const again = bash('boot-upgrade migrate --dry-run .', clean);
    // its build says nothing of Boot, but its configuration is Spring's: taken as Boot 2, nothing left
    expect(again.stderr.trimEnd().split('\n').at(-1)).toBe(`next: nothing to do; the repository is ready for Spring Boot 3.0${FURTHER}`);
    expect(again.stderr.trimEnd().split('\n')[0]).toBe('verdict: nothing left to migrate or to fix by hand');
    const javaEe = acmeRepo(temps, false, { [PROPS_PATH]: 'quarkus.http.port=8081\n', [JAVA_PATH]: 'package a;\n\nimport javax.ws.rs.GET;\n', [GRADLE_PATH]: "plugins { id 'war' }\n" });
    const none = bash('boot-upgrade migrate --dry-run .', javaEe);
    expect(none.stdout).toBe('');
    expect(none.stderr.trimEnd().split('\n')[0]).toBe('verdict: not a Spring Boot 2 repository (no build in it resolves Spring Boot): nothing changed');
    expect(none.stderr.trimEnd().split('\n').at(-1)).toBe('next: nothing to do here: boot-upgrade migrates Spring Boot 2 repositories');
  });

  it('a run to the newest line says it is ready for that line and names no further one; a release that does not exist is a usage error', () => {
    const clean = acmeRepo(temps, false, { [PROPS_PATH]: 'spring.data.redis.host=h\n', [JAVA_PATH]: 'package a;\n', [GRADLE_PATH]: '' });
    const r = bash('boot-upgrade migrate --dry-run --boot-version 3.5 .', clean);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('next: nothing to do; the repository is ready for Spring Boot 3.5');
    const bad = bash('boot-upgrade migrate --dry-run --boot-version 3.6 .', clean);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^boot-upgrade: --boot-version: '3\.6' is not a release this tool migrates to[^\n]*; valid: a line 3\.0, 3\.1, 3\.2, 3\.3, 3\.4, 3\.5 \(its latest patch\), or an exact release from 3\.0\.0 to 3\.5\.\d+\n$/);
  });
});

describe('one path base', () => {
  it('inside git: every output names paths from the top level, and says so', () => {
    const top = acmeRepo(temps);
    const app = path.join(top, 'services/app');
    const sarif = JSON.parse(bash('boot-upgrade report . --format sarif', app).stdout) as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    const uris = new Set(sarif.runs[0]!.results.map((x) => x.locations[0]!.physicalLocation.artifactLocation.uri));
    expect(uris).toContain(GRADLE_PATH);
    expect(uris).toContain(PROPS_PATH);
    const text = bash('boot-upgrade report .', app).stdout;
    expect(text).toContain(`${PROPS_PATH}:2:1: error`);
    const dry = bash('boot-upgrade migrate --dry-run .', app);
    expect(dry.stdout).toContain(`diff --git a/${PROPS_PATH} b/${PROPS_PATH}`);
    expect(dry.stderr).toContain(`paths relative to ${top} (git top level)`);
    const check = bash('boot-upgrade check .', app);
    expect(check.stderr).toContain(`${PROPS_PATH}:1: \`spring.redis.host=localhost\``);
    const json = JSON.parse(bash('boot-upgrade report . --format json', app).stdout) as { base: { path: string; kind: string } };
    expect(json.base).toEqual({ path: top, kind: 'git top level' });
  });

  it('outside git: paths from the directory given', () => {
    const top = acmeRepo(temps, false);
    const r = bash('boot-upgrade report services/app', top);
    expect(r.stdout).toContain('src/main/resources/application.properties:2:1: error');
    expect(r.stdout).not.toContain('services/app/src');
    expect(bash('boot-upgrade migrate -n services/app >/dev/null', top).stderr).toContain(`paths relative to ${path.join(top, 'services/app')} (directory given)`);
  });
});

describe('colour, per stream', () => {
  /** Runs a command in a real terminal (util-linux `script`), stdout of the command as given. */
  const onTerminal = (cmd: string, cwd: string, env: Record<string, string> = {}) =>
    bash(`script -qec ${JSON.stringify(`bash -c 'set -o pipefail; . ./cli.sh; ${cmd}'`)} /dev/null`, cwd, { NO_COLOR: '', ...env });

  function withCliScript(top: string): void {
    writeFileSync(path.join(top, 'cli.sh'), CLI_FUNCTION + '\n');
  }

  it('a terminal gets a coloured diff and summary; a file behind > gets none, while stderr stays coloured', () => {
    const top = acmeRepo(temps, false);
    withCliScript(top);
    const tty = onTerminal('boot-upgrade migrate --dry-run services/app', top, { CI: '' });
    expect(tty.stdout).toContain(`${ESC}31m-spring.redis.host=localhost`);
    expect(tty.stdout).toContain(`${ESC}32m+spring.data.redis.host=localhost`);
    const toFile = onTerminal('boot-upgrade report services/app > report.txt; boot-upgrade migrate -n services/app > diff.txt', top, { CI: '' });
    expect(readFileSync(path.join(top, 'report.txt'), 'utf8')).not.toContain(ESC);
    expect(readFileSync(path.join(top, 'diff.txt'), 'utf8')).not.toContain(ESC);
    expect(toFile.stdout).toContain(`${ESC}31merror`); // the summary on the terminal's stderr
    const noColor = onTerminal('boot-upgrade migrate -n services/app', top, { NO_COLOR: '1' });
    expect(noColor.stdout).not.toContain(ESC);
    expect(onTerminal('boot-upgrade migrate -n --no-color services/app', top, { FORCE_COLOR: '1' }).stdout).not.toContain(ESC);
  });

  it('FORCE_COLOR and --color colour a pipe; the default does not', () => {
    const top = acmeRepo(temps, false);
    expect(bash('boot-upgrade report services/app | cat', top).stdout).not.toContain(ESC);
    expect(bash('boot-upgrade report services/app | cat', top, { NO_COLOR: '', FORCE_COLOR: '1' }).stdout).toContain(ESC);
    expect(bash('boot-upgrade report --color services/app | cat', top).stdout).toContain(ESC);
    expect(bash('boot-upgrade report --color services/app -o r.txt', top).status).toBe(1);
    expect(readFileSync(path.join(top, 'r.txt'), 'utf8')).not.toContain(ESC);
  });
});

describe('exit codes', () => {
  it('3 when some files could not be parsed: the others are migrated; report exits 1 by its findings', () => {
    const top = acmeRepo(temps, false, { 'services/app/src/main/resources/application-bad.properties': 'spring.redis.port=\\u12\n' });
    const report = bash('boot-upgrade report services/app > /dev/null', top);
    expect(report.status).toBe(1);
    const r = bash('boot-upgrade migrate services/app', top);
    expect(r.status).toBe(3);
    expect(r.stderr).toContain('error [parse-error]');
    expect(r.stderr).toMatch(/1 file\(s\) could not be parsed and were left untouched(; Spring Boot 3\.5 \([\d.]+\) is one option away: --boot-version 3\.5)?$/m);
    expect(readFileSync(path.join(top, PROPS_PATH), 'utf8')).toContain('spring.data.redis.host');
  });

  it('report with no error findings exits 0; a usage error is 2', () => {
    const top = acmeRepo(temps, false, { [PROPS_PATH]: 'spring.redis.host=h\n' });
    expect(bash('boot-upgrade report services/app > /dev/null', top).status).toBe(0);
    expect(bash('boot-upgrade report services/app --format yaml', top).status).toBe(2);
  });
});

describe('migrate --json and --summary-file', () => {
  it('one run gives changed files with rules, created and deleted files, findings, skipped, exit status', () => {
    const top = acmeRepo(temps, true, {
      'services/app/src/main/resources/META-INF/spring.factories': 'org.springframework.boot.autoconfigure.EnableAutoConfiguration=com.acme.shop.ShopAutoConfiguration\n',
    });
    const r = bash('boot-upgrade migrate --json --summary-file ../summary.json app', path.join(top, 'services'));
    expect(r.status).toBe(0);
    type Summary = { exitCode: number; exitStatus: string; dryRun: boolean; changes: { path: string; status: string; rules: Record<string, number> }[]; created: string[]; deleted: string[]; findings: { rule: string; ruleDocs: string }[]; skipped: unknown[]; base: { kind: string } };
    const out = JSON.parse(r.stdout) as Summary;
    expect(JSON.parse(readFileSync(path.join(top, 'summary.json'), 'utf8'))).toEqual(out);
    expect(out).toMatchObject({ exitCode: 0, exitStatus: 'ok', dryRun: false, refused: [], base: { kind: 'git top level' } });
    expect((out as unknown as { summary: Record<string, number> }).summary).toMatchObject({ filesChanged: 5, errors: 1, warnings: 1, unparsed: 0 });
    expect(out).toMatchObject({ schemaVersion: 1, verdict: { kind: 'migrated-with-errors', errors: 1, message: 'migrated to Spring Boot 3.0 with 1 error(s) to fix by hand' } });
    expect(out.changes.find((c) => c.path === PROPS_PATH)).toEqual({ path: PROPS_PATH, status: 'modified', rules: { 'properties/rename': 1 } });
    expect(out.created).toEqual(['services/app/src/main/resources/META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports']);
    expect(out.deleted).toEqual(['services/app/src/main/resources/META-INF/spring.factories']);
    expect(out.findings.map((f) => f.rule)).toContain('properties/hibernate-dialect');
    expect(out.findings[0]!.ruleDocs).toMatch(/docs\/rules\.md#rule-/);
    expect(Array.isArray(out.skipped)).toBe(true);
    expect(readFileSync(path.join(top, PROPS_PATH), 'utf8')).not.toBe(PROPS);
  });

  it('a refused run says so in the summary, exit 4', () => {
    const top = acmeRepo(temps);
    writeFileSync(path.join(top, PROPS_PATH), PROPS + 'spring.redis.port=1\n');
    const r = bash('boot-upgrade migrate --json services/app', top);
    expect(r.status).toBe(4);
    expect(JSON.parse(r.stdout)).toMatchObject({ exitCode: 4, exitStatus: 'refused', refused: [PROPS_PATH] });
  });
});

describe('exit 5', () => {
  it('an unexpected I/O error (the diff file cannot be written) is not a usage error', () => {
    const top = acmeRepo(temps, false);
    const r = bash('boot-upgrade migrate -n --diff-file no/such/dir/x.patch services/app >/dev/null', top);
    expect(r.status).toBe(5);
    expect(r.stderr).toMatch(/^boot-upgrade: ENOENT/);
  });
});
