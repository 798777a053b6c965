// What a team does with findings: silence one with a comment, acknowledge all with a baseline
// that check honours, leave folders out, share one configuration, list and explain rules; and
// what a run refuses before it reads or writes anything (an option value it does not take).
// check after migrate fails while an error remains.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bash } from './helpers/cli-process.js';
import { acmeRepo, git, JAVA_PATH, PROPS, PROPS_PATH } from './helpers/acme-repo.js';
import { planMigration } from '../src/api.js';
import { loadTable } from '../src/table/load.js';
import { suppressionRules } from '../src/engine/suppress.js';

const temps: string[] = [];
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

describe('suppression comments', () => {
  it('the three comment forms name a rule, an area or every rule; a reason may follow', () => {
    expect(suppressionRules('// boot-upgrade-ignore-next-line project/trailing-slash')).toEqual(['project/trailing-slash']);
    expect(suppressionRules('  # boot-upgrade-ignore-next-line properties -- kept for the old clients')).toEqual(['properties']);
    expect(suppressionRules('<!-- boot-upgrade-ignore-next-line build/removed-integration, build/library -->')).toEqual(['build/removed-integration', 'build/library']);
    expect(suppressionRules('// boot-upgrade-ignore-next-line')).toEqual([]);
    expect(suppressionRules('// nothing to see')).toBeUndefined();
  });

  it('silence the finding on the next line only, in .properties, Java and pom files', async () => {
    const top = acmeRepo(temps, false, {
      [PROPS_PATH]: 'spring.redis.host=localhost\n# boot-upgrade-ignore-next-line properties/hibernate-dialect -- migrated by the platform team\nspring.jpa.database-platform=org.hibernate.dialect.FirebirdDialect\nspring.session.store-type=redis\n',
      [JAVA_PATH]: readFileSync(path.join(__dirname, '..', 'fixtures', 'project', 'trailing-slash-report', 'input', 'src', 'main', 'java', 'com', 'acme', 'UserController.java'), 'utf8').replace(/(\n[ \t]*)@GetMapping\("\/\{id\}"\)/, '$1// boot-upgrade-ignore-next-line project/trailing-slash$1@GetMapping("/{id}")'),
      'services/app/pom.xml': '<project>\n  <parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId><version>2.7.18</version></parent>\n  <dependencies>\n    <!-- boot-upgrade-ignore-next-line build -->\n    <dependency><groupId>io.springfox</groupId><artifactId>springfox-boot-starter</artifactId><version>3.0.0</version></dependency>\n  </dependencies>\n</project>\n',
    });
    const result = await planMigration({ root: path.join(top, 'services/app'), table: loadTable() });
    const rules = result.findings.map((f) => f.rule);
    expect(rules).not.toContain('properties/hibernate-dialect');
    expect(rules).not.toContain('build/library');
    expect(rules).toContain('properties/removed'); // the line after the next one is not silenced
    const routes = result.findings.find((f) => f.rule === 'project/trailing-slash')!.related!.map((r) => r.message.split(' no longer')[0]);
    expect(routes).not.toContain('GET /api/users/{id}/');
    expect(result.stats.suppressed).toBe(3);
  });
});

describe('baseline', () => {
  it('report --write-baseline records every finding; check then fails only on new ones', () => {
    const top = acmeRepo(temps);
    expect(bash('boot-upgrade check --skip sources,build,properties/rename services/app', top).status).toBe(1);
    const written = bash('boot-upgrade report --write-baseline --skip sources,build,properties/rename services/app > /dev/null', top);
    expect(written.status).toBe(1);
    expect(written.stderr).toMatch(/wrote \d+ finding\(s\) to the baseline .*\.boot-upgrade-baseline\.json/);
    const baseline = JSON.parse(readFileSync(path.join(top, '.boot-upgrade-baseline.json'), 'utf8')) as { findings: { rule: string }[] };
    expect(baseline.findings.map((f) => f.rule)).toContain('properties/hibernate-dialect');
    // acknowledged: the error no longer fails the hook (the pending edits are skipped here)
    const quiet = bash('boot-upgrade check --skip sources,build,properties/rename services/app', top);
    expect(quiet.status).toBe(0);
    // a new error is not in the baseline
    writeFileSync(path.join(top, PROPS_PATH), PROPS + 'spring.jpa.properties.hibernate.dialect=org.hibernate.dialect.CUBRIDDialect\n');
    const fresh = bash('boot-upgrade check --skip sources,build,properties/rename services/app', top);
    expect(fresh.status).toBe(1);
    expect(fresh.stderr).toContain('CUBRIDDialect');
    expect(fresh.stderr).not.toContain('FirebirdDialect does not exist');
    expect(bash('boot-upgrade check --baseline missing.json services/app', top)).toMatchObject({ status: 2 });
  });
});

describe('exclusions and one central configuration', () => {
  it('--exclude and exclude leave folders out; --config FILE replaces the search', () => {
    const top = acmeRepo(temps, false, { 'services/legacy/src/main/resources/application.properties': 'spring.redis.host=old\n' });
    const all = bash('boot-upgrade report --format json .', top);
    expect(all.stdout).toContain('services/legacy');
    const excluded = JSON.parse(bash("boot-upgrade report --format json --exclude 'services/legacy' .", top).stdout) as { summary: { excluded: number }; findings: { path: string }[]; changes: { path: string }[] };
    expect(excluded.summary.excluded).toBe(1);
    expect([...excluded.findings, ...excluded.changes].some((x) => x.path.startsWith('services/legacy'))).toBe(false);
    mkdirSync(path.join(top, 'platform'));
    writeFileSync(path.join(top, 'platform', 'boot-upgrade.json'), JSON.stringify({ exclude: ['services/legacy/**'], skip: ['project'] }));
    const central = JSON.parse(bash('boot-upgrade report --format json --config platform/boot-upgrade.json .', top).stdout) as typeof excluded;
    expect(central.summary.excluded).toBe(1);
    expect(central.findings.some((f) => f.path.includes('Orders.java'))).toBe(false);
    expect(bash('boot-upgrade report --config platform/none.json .', top).status).toBe(2);
  });
});

describe('option values are checked before anything is read or written', () => {
  it('on the command line and in the configuration: exit 2, the option and the valid values named, nothing written', () => {
    const top = acmeRepo(temps);
    const cli = bash('boot-upgrade migrate --trailing-slash rout services/app', top);
    expect(cli.status).toBe(2);
    expect(cli.stderr.trim()).toBe("boot-upgrade: --trailing-slash: 'rout' is not a valid value (did you mean 'routes'?); valid: report, routes, configurer");
    const boot = bash('boot-upgrade migrate --boot-version 3.6.0 services/app', top);
    expect(boot.status).toBe(2);
    expect(boot.stderr).toContain("--boot-version: '3.6.0' is not a release this tool migrates to");
    expect(boot.stderr).toContain('valid: a line 3.0, 3.1, 3.2, 3.3, 3.4, 3.5 (its latest patch), or an exact release from 3.0.0 to 3.5.');
    writeFileSync(path.join(top, '.boot-upgrade.json'), JSON.stringify({ 'trailing-slash': 'route' }));
    const config = bash('boot-upgrade migrate services/app', top);
    expect(config.status).toBe(2);
    expect(config.stderr).toMatch(/configuration: .*\.boot-upgrade\.json: option 'trailing-slash': 'route' is not a valid value .*valid: report, routes, configurer/);
    rmSync(path.join(top, '.boot-upgrade.json'));
    expect(git(top, 'status', '--porcelain')).toBe('');
  });
});

describe('check after migrate', () => {
  it('fails while an error remains, and says so first', () => {
    const top = acmeRepo(temps);
    expect(bash('boot-upgrade migrate services/app', top).status).toBe(0);
    const check = bash('boot-upgrade check services/app', top);
    expect(check.status).toBe(1);
    expect(check.stderr.split('\n')[0]).toBe('verdict: 1 error(s) to fix by hand for Spring Boot 3.0');
    expect(check.stderr).toContain('error [properties/hibernate-dialect]');
    writeFileSync(path.join(top, PROPS_PATH), 'spring.data.redis.host=localhost\n');
    const fixed = bash('boot-upgrade check services/app', top);
    expect(fixed.status).toBe(0);
  });
});

describe('rules and explain', () => {
  it('rules lists every rule on one line; explain prints its documentation; an unknown id is a usage error', () => {
    const top = acmeRepo(temps, false);
    const rules = bash('boot-upgrade rules', top);
    expect(rules.status).toBe(0);
    expect(rules.stdout).toMatch(/^properties\/removed +warning,info +The key has no Spring Boot 3\.0 successor/m);
    expect(rules.stdout).toMatch(/^security6\/adapter +error,info +/m);
    const explain = bash('boot-upgrade explain project/batch-multiple-jobs', top);
    expect(explain.stdout).toContain('Severity: **error**: an application with several Job beans and no spring.batch.job.name');
    expect(explain.stdout).toContain('From docs/project.md:');
    const unknown = bash('boot-upgrade explain properties/remove', top);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("did you mean 'properties/removed'?");
  });
});
