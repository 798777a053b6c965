// One configuration for every command, migrate FILE..., the hook's messages and fix command,
// --max-warnings, and names that do not exist (commands, options, rule ids, files) rejected
// with the nearest valid one. All through the real process.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bash } from './helpers/cli-process.js';
import { acmeRepo, git, JAVA_PATH, PROPS, PROPS_PATH } from './helpers/acme-repo.js';

const temps: string[] = [];
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

describe('names that do not exist', () => {
  it.each([
    ['boot-upgrade migrat .', "unknown command 'migrat' (did you mean 'migrate'?)"],
    ['boot-upgrade migrate --dry-rn .', "unknown option '--dry-rn' (did you mean '--dry-run'?)"],
    ['boot-upgrade check --only properties/renam .', "--only: unknown rule or pass 'properties/renam' (did you mean 'properties/rename'?)"],
    ['boot-upgrade report --skip sources/jakarta-strin .', "--skip: unknown rule or pass 'sources/jakarta-strin' (did you mean 'sources/jakarta-string'?)"],
    ['boot-upgrade report --format sarf .', "unknown --format 'sarf' (did you mean 'sarif'?)"],
    ['boot-upgrade check missing.properties', 'missing.properties: no such file or directory'],
    ['boot-upgrade migrate nowhere/', 'nowhere/: no such file or directory'],
  ])('%s', (cmd, message) => {
    const top = acmeRepo(temps, false);
    const r = bash(cmd, top);
    expect(r.status).toBe(2);
    expect(r.stderr.startsWith(`boot-upgrade: ${message}`)).toBe(true);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('a pass id and an area prefix are valid --only names', () => {
    const top = acmeRepo(temps, false);
    expect(bash('boot-upgrade check --only properties --skip project/trailing-slash . 2>/dev/null', top).status).toBe(1);
    expect(bash('boot-upgrade report --only sources/java . >/dev/null', top).status).toBe(0);
  });
});

describe('one project configuration', () => {
  it('.boot-upgrade.json above the target is read by migrate, check and report; the command line wins', () => {
    const top = acmeRepo(temps);
    writeFileSync(path.join(top, '.boot-upgrade.json'), JSON.stringify({ 'trailing-slash': 'routes', skip: ['properties/hibernate-dialect'] }));
    const dry = bash('boot-upgrade migrate --dry-run services/app', top);
    expect(dry.stdout).toContain('+    @GetMapping({"/orders", "/orders/"})');
    expect(dry.stderr).not.toContain('properties/hibernate-dialect');
    const report = bash('boot-upgrade report services/app', top);
    expect(report.stdout).not.toContain('properties/hibernate-dialect');
    expect(bash('boot-upgrade report --skip project services/app', top).stdout).toContain('properties/hibernate-dialect');
    const check = bash(`boot-upgrade check ${JAVA_PATH}`, path.join(top));
    expect(check.stderr).toContain('`@GetMapping("/orders")` -> `@GetMapping({"/orders", "/orders/"})`');
  });

  it('the "boot-upgrade" key of package.json, found by walking up to the top level; table paths relative to it', () => {
    const top = acmeRepo(temps, true, { [PROPS_PATH]: PROPS + 'acme.legacy.timeout=5s\n' });
    writeFileSync(path.join(top, 'rows.json'), JSON.stringify({ properties: { rename: [{ from: 'acme.legacy.timeout', to: 'acme.client.timeout', level: 'error', source: 'acme platform team' }] } }));
    writeFileSync(path.join(top, 'package.json'), JSON.stringify({ name: 'acme', 'boot-upgrade': { table: 'rows.json', keepLogDateFormat: true } }));
    const r = bash('boot-upgrade migrate --dry-run .', path.join(top, 'services/app'));
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('+acme.client.timeout=5s');
    expect(r.stdout).toContain('+logging.pattern.dateformat=yyyy-MM-dd HH:mm:ss.SSS');
  });

  it('a bad configuration is a usage error naming the file and the nearest option', () => {
    const top = acmeRepo(temps);
    writeFileSync(path.join(top, '.boot-upgrade.json'), JSON.stringify({ 'trailing-slahs': 'routes' }));
    const r = bash('boot-upgrade check services/app', top);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`boot-upgrade: configuration: ${path.join(top, '.boot-upgrade.json')}: unknown option 'trailing-slahs' (did you mean 'trailing-slash'?)\n`);
    writeFileSync(path.join(top, '.boot-upgrade.json'), '{ "skip": true }');
    expect(bash('boot-upgrade report services/app', top).stderr).toContain("option 'skip' takes a string or a list of strings");
  });
});

describe('migrate FILE... and the hook', () => {
  it('migrate with file paths rewrites just those files, even staged ones', () => {
    const top = acmeRepo(temps);
    writeFileSync(path.join(top, PROPS_PATH), PROPS + 'spring.redis.port=6380\n');
    git(top, 'add', PROPS_PATH);
    const r = bash(`boot-upgrade migrate ${PROPS_PATH}`, top);
    expect(r.status).toBe(0);
    expect(readFileSync(path.join(top, PROPS_PATH), 'utf8')).toBe('spring.data.redis.host=localhost\nspring.jpa.database-platform=org.hibernate.dialect.FirebirdDialect\nspring.data.redis.port=6380\n');
    expect(readFileSync(path.join(top, JAVA_PATH), 'utf8')).toContain('import javax.persistence.Entity;');
  });

  it('check names file:line, old and new text and the rule, and prints a fix command that makes it pass', () => {
    const top = acmeRepo(temps, true, { [PROPS_PATH]: 'spring.redis.host=localhost\n' });
    const app = path.join(top, 'services/app');
    git(top, 'add', '.');
    const r = bash(`boot-upgrade check src/main/resources/application.properties ${path.relative(app, path.join(top, JAVA_PATH))}`, app);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${PROPS_PATH}:1: \`spring.redis.host=localhost\` -> \`spring.data.redis.host=localhost\` [properties/rename]`);
    expect(r.stderr).toContain(`${JAVA_PATH}:3: \`import javax.persistence.Entity;\` -> \`import jakarta.persistence.Entity;\` [sources/jakarta]`);
    const fix = /^fix: (.*)$/m.exec(r.stderr)![1]!;
    expect(fix).toBe('boot-upgrade migrate src/main/java/com/acme/shop/Orders.java src/main/resources/application.properties && git add src/main/java/com/acme/shop/Orders.java src/main/resources/application.properties');
    expect(bash(fix, app).status).toBe(0);
    expect(git(top, 'diff', '--cached', '--name-only')).toContain(PROPS_PATH);
    const after = bash('boot-upgrade check --skip project/trailing-slash src/main/resources/application.properties src/main/java/com/acme/shop/Orders.java', app);
    expect(after.stderr).toBe('');
    expect(after.status).toBe(0);
  });

  it('check shows the warnings of its files; --max-warnings N fails above N', () => {
    const top = acmeRepo(temps, false, { [PROPS_PATH]: 'spring.data.redis.host=h\n', [JAVA_PATH]: 'package com.acme.shop;\n\nimport org.springframework.web.bind.annotation.GetMapping;\nimport org.springframework.web.bind.annotation.RestController;\n\n@RestController\npublic class Orders {\n    @GetMapping("/orders")\n    public String list() { return ""; }\n}\n' });
    const ok = bash(`boot-upgrade check ${JAVA_PATH}`, top);
    expect(ok.status).toBe(0);
    expect(ok.stderr).toContain('[project/trailing-slash] ×1');
    expect(ok.stderr).toContain('    application services/app, 1 route(s):');
    expect(ok.stderr).toContain(`${JAVA_PATH}:9:19: GET /orders/ no longer reaches Orders#list.`);
    expect(bash(`boot-upgrade check --max-warnings 1 ${JAVA_PATH}`, top).status).toBe(0);
    const over = bash(`boot-upgrade check --max-warnings 0 ${JAVA_PATH}`, top);
    expect(over.status).toBe(1);
    expect(over.stderr).toContain('1 warning(s) (at most 0 allowed)');
    expect(bash(`boot-upgrade check --max-warnings lots ${JAVA_PATH}`, top).status).toBe(2);
  });
});
