// Which patch a line migrates to: the newest whose Spring versions Maven Central serves, tried
// newest first (scripts/data/derive-served.ts), and what the table does with a third-party version
// the chosen patch's BOM names that Central does not serve (never written; the run reports it).
import { describe, expect, it } from 'vitest';
import { bootModuleChecks, decidesPatch, servedLatest, unservedRow } from '../scripts/data/derive-served.js';
import { servedTrain } from '../scripts/data/served-cloud.js';
import { servedCloud } from '../transforms/build/facts.js';
import type { VersionCheck } from '../scripts/versions/collect.js';
import { loadTable } from '../src/table/load.js';
import { tableForTarget } from '../src/table/target.js';
import { decideVersionProperty } from '../transforms/build/version-property.js';
import { unservedPlugin } from '../transforms/build/gradle-run.js';
import { buildFacts } from '../transforms/build/facts.js';
import type { PassContext } from '../src/engine/types.js';

const check = (groupId: string, artifactId: string, version: string, where: string): VersionCheck => ({ groupId, artifactId, version, where });

describe('servedLatest', () => {
  const checks: Record<string, VersionCheck[]> = {
    '3.4.13': [check('org.springframework.graphql', 'spring-graphql', '1.3.7', 'build.versionProperties[spring-graphql.version].version30[3.4.13]')],
    '3.4.12': [check('org.springframework.boot', 'spring-boot-properties-migrator', '3.4.12', 'build.boot.releases[3.4.12].version (properties migrator)')],
    '3.4.11': [
      check('org.firebirdsql.jdbc', 'jaybird', '5.0.8.java11', 'build.versionProperties[jaybird.version].version30[3.4.11]'),
      check('org.jetbrains.kotlin.plugin.noarg', 'org.jetbrains.kotlin.plugin.noarg.gradle.plugin', '1.9.25', 'build.boot.releases[3.4.11].kotlin (plugin id org.jetbrains.kotlin.plugin.noarg)'),
      check('org.springframework', 'spring-core', '6.2.10', 'build.versionProperties[spring-framework.version].version30[3.4.11]'),
    ],
  };
  const missing = new Set(['spring-graphql:1.3.7', 'spring-boot-properties-migrator:3.4.12', 'jaybird:5.0.8.java11', 'org.jetbrains.kotlin.plugin.noarg.gradle.plugin:1.9.25']);
  const asked: string[] = [];
  const answer = async (c: VersionCheck) => {
    asked.push(`${c.artifactId}:${c.version}`);
    return missing.has(`${c.artifactId}:${c.version}`) ? ('missing' as const) : ('found' as const);
  };

  it('passes over a patch whose Spring version Central lacks and keeps the newest that has them all, with its missing third-party versions', async () => {
    const r = await servedLatest(['3.4.10', '3.4.11', '3.4.12', '3.4.13'], (release) => checks[release] ?? [], answer);
    expect(r.latest).toBe('3.4.11');
    expect(r.skipped).toEqual([
      { release: '3.4.13', missing: ['org.springframework.graphql:spring-graphql:1.3.7'] },
      { release: '3.4.12', missing: ['org.springframework.boot:spring-boot-properties-migrator:3.4.12'] },
    ]);
    expect(r.unserved).toEqual([
      { release: '3.4.11', coordinate: 'org.firebirdsql.jdbc:jaybird', version: '5.0.8.java11', property: 'jaybird.version' },
      { release: '3.4.11', coordinate: 'org.jetbrains.kotlin.plugin.noarg:org.jetbrains.kotlin.plugin.noarg.gradle.plugin', version: '1.9.25', pluginId: 'org.jetbrains.kotlin.plugin.noarg' },
    ]);
    // older patches are not asked once one qualifies
    expect(asked.some((a) => a.endsWith('3.4.10'))).toBe(false);
  });

  it('a version with no answer stops the derivation instead of counting as missing', async () => {
    await expect(servedLatest(['3.4.13'], () => checks['3.4.13']!, async () => ({ error: 'HTTP 503' }))).rejects.toThrow(/no answer/);
  });

  it('Spring projects decide; a third-party group does not', () => {
    expect(decidesPatch({ groupId: 'org.springframework.ldap' })).toBe(true);
    expect(decidesPatch({ groupId: 'org.springframework' })).toBe(true);
    expect(decidesPatch({ groupId: 'org.springframeworkx' })).toBe(false);
    expect(decidesPatch({ groupId: 'org.eclipse.jetty' })).toBe(false);
    expect(unservedRow('3.1.12', check('org.eclipse.jetty', 'jetty-reactive-httpclient', '3.0.13', 'build.versionProperties[jetty-reactive-httpclient.version].version30[3.1.12]')).property).toBe('jetty-reactive-httpclient.version');
  });
});

describe('an unserved version in the table', () => {
  const table = loadTable();
  const t = table.targets!;
  const ctx = (release: string) => ({ table: tableForTarget(table, release), options: { bootVersion: release } }) as unknown as PassContext;

  it('every line targets a patch the table lists, and no unserved version is written by that line\'s view', () => {
    expect(t.unserved?.length).toBeGreaterThan(0);
    for (const u of t.unserved ?? []) {
      expect(t.minors.map((m) => m.latest)).toContain(u.release);
      const view = tableForTarget(table, u.release);
      if (u.property) {
        const row = view.build!.versionProperties.find((r) => r.property === u.property)!;
        expect(row.version30?.[u.release]).toBeUndefined();
        expect(row.unserved?.[u.release]).toBe(u.version);
      }
      if (u.pluginId) expect(view.build!.boot.releases.find((r) => r.version === u.release)!.unservedPlugins).toContain(u.pluginId);
    }
  });

  it('an override of a property whose BOM version is not served is left and reported; an unserved Kotlin plugin is reported', () => {
    // the lines' targets may name no unserved third-party property at all
    const prop = t.unserved!.find((u) => u.property);
    if (prop) {
      const decision = decideVersionProperty(buildFacts(ctx(prop.release)), prop.property!, '0.0.1');
      expect(decision).toMatchObject({ kind: 'report' });
      expect(decision!.message).toContain(`which Maven Central does not serve`);
    }
    const plugin = t.unserved!.find((u) => u.pluginId);
    if (plugin) expect(unservedPlugin(buildFacts(ctx(plugin.release)), plugin.pluginId!)).toMatch(/does not serve: its version is left as it is/);
  });
});

describe('Boot modules and Spring Cloud starters decide too', () => {
  it('every Boot module a line manages is asked for at the patch, a third-party coordinate is not', () => {
    const checks = bootModuleChecks({ 'org.springframework.boot:spring-boot-starter-batch': '=3.5.16', 'org.springframework.boot:spring-boot-starter-web': '=3.5.16', 'org.flywaydb:flyway-core': 'flyway.version' }, '3.5.13');
    expect(checks.map((c) => `${c.artifactId}:${c.version}`)).toEqual(['spring-boot-starter-batch:3.5.13', 'spring-boot-starter-web:3.5.13']);
    expect(checks.every(decidesPatch)).toBe(true);
  });

  it('a patch whose Boot starter Central lacks is passed over', async () => {
    const answer = async (c: VersionCheck) => (c.artifactId === 'spring-boot-starter-batch' && c.version === '3.5.13' ? ('missing' as const) : ('found' as const));
    const r = await servedLatest(['3.5.12', '3.5.13'], (release) => bootModuleChecks({ 'org.springframework.boot:spring-boot-starter-batch': '=3.5.16' }, release), answer);
    expect(r.latest).toBe('3.5.12');
    expect(r.skipped).toEqual([{ release: '3.5.13', missing: ['org.springframework.boot:spring-boot-starter-batch:3.5.13'] }]);
  });

  const pom = (body: string) => `<project><groupId>org.springframework.cloud</groupId><artifactId>x</artifactId><version>1</version>${body}</project>`;
  const trainBom = (config: string) =>
    pom(`<properties><spring-cloud-config.version>${config}</spring-cloud-config.version></properties><dependencyManagement><dependencies><dependency><groupId>org.springframework.cloud</groupId><artifactId>spring-cloud-config-dependencies</artifactId><version>\${spring-cloud-config.version}</version><type>pom</type><scope>import</scope></dependency></dependencies></dependencyManagement>`);
  const moduleBom = (v: string) =>
    pom(`<version>${v}</version><dependencyManagement><dependencies><dependency><groupId>org.springframework.cloud</groupId><artifactId>spring-cloud-starter-config</artifactId><version>${v}</version></dependency><dependency><groupId>org.springframework.cloud</groupId><artifactId>spring-cloud-config-client</artifactId><version>${v}</version></dependency></dependencies></dependencyManagement>`);
  const poms: Record<string, string> = {
    'spring-cloud-dependencies:2025.0.1': trainBom('4.3.1'),
    'spring-cloud-dependencies:2025.0.0': trainBom('4.3.0'),
    'spring-cloud-config-dependencies:4.3.1': moduleBom('4.3.1'),
    'spring-cloud-config-dependencies:4.3.0': moduleBom('4.3.0'),
  };

  it('each release of a train lists the starters its module BOMs manage that Central lacks, newest first', async () => {
    const answer = async (c: VersionCheck) => (c.version === '4.3.1' ? ('missing' as const) : ('found' as const));
    const r = await servedTrain({ train: '2025.0', latest: '2025.0.1', releases: ['2025.0.0', '2025.0.1'] }, async (_g, a, v) => poms[`${a}:${v}`], answer);
    expect(r.releases).toEqual([
      { release: '2025.0.1', modules: [{ module: 'spring-cloud-config', version: '4.3.1' }], missing: ['org.springframework.cloud:spring-cloud-starter-config:4.3.1'] },
      { release: '2025.0.0', modules: [{ module: 'spring-cloud-config', version: '4.3.0' }], missing: [] },
    ]);
  });

  it('the run writes the newest release serving what the repository names; none: the latest, with what it lacks', () => {
    const c = {
      ...loadTable().build!.springCloud,
      train: '2025.0',
      latest: '2025.0.1',
      served: [
        { release: '2025.0.1', modules: [{ module: 'spring-cloud-config', version: '4.3.1' }], missing: ['org.springframework.cloud:spring-cloud-starter-config:4.3.1'] },
        { release: '2025.0.0', modules: [{ module: 'spring-cloud-config', version: '4.3.0' }], missing: ['org.springframework.cloud:spring-cloud-starter-bus-amqp:4.3.0'] },
      ],
    };
    expect(servedCloud(c, new Set(['spring-cloud-starter-openfeign'])).latest).toBe('2025.0.1');
    const config = servedCloud(c, new Set(['spring-cloud-starter-config', 'spring-cloud-dependencies']));
    expect([config.latest, config.modules]).toEqual(['2025.0.0', [{ module: 'spring-cloud-config', version: '4.3.0' }]]);
    const both = servedCloud(c, new Set(['spring-cloud-starter-config', 'spring-cloud-starter-bus-amqp']));
    expect([both.latest, both.unserved]).toEqual(['2025.0.1', ['spring-cloud-starter-config']]);
  });
});
