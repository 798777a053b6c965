// Targets beyond 3.0: which release an option names, and the table composed for it (properties
// through every minor in one step, the target's BOM versions, Spring Cloud train, Gradle minimum).
import { describe, expect, it } from 'vitest';
import { loadTable } from '../src/table/load.js';
import { resolveTarget, stepsTo, tableForTarget, TargetError, versionAt } from '../src/table/target.js';
import { canonicalKey, resolveKey } from '../src/properties/resolve.js';
import { validateTable } from '../src/table/load.js';

const table = loadTable();
const t = table.targets!;
const latest = (minor: string) => t.minors.find((m) => m.minor === minor)!.latest;

describe('resolveTarget', () => {
  it('names the default for nothing, 3.0 and 3.0.x, and a line\'s latest patch for 3.5', () => {
    expect(resolveTarget(table, undefined)).toBe(t.defaultVersion);
    expect(resolveTarget(table, '3.0')).toBe(t.defaultVersion);
    expect(resolveTarget(table, '3.0.x')).toBe(t.defaultVersion);
    expect(resolveTarget(table, '3.5')).toBe(latest('3.5'));
    expect(resolveTarget(table, '3.5.x')).toBe(latest('3.5'));
    expect(resolveTarget(table, '3.2.3')).toBe('3.2.3');
  });

  it('refuses what is not a release, naming what is accepted', () => {
    for (const bad of ['3.6', '3.9.1', '2.7', 'latest', '3.2.99']) {
      expect(() => resolveTarget(table, bad)).toThrow(TargetError);
    }
    expect(() => resolveTarget(table, '3.6')).toThrow(/--boot-version 3\.6: not a Spring Boot release .*a line 3\.0, 3\.1, 3\.2, 3\.3, 3\.4, 3\.5/);
  });

  it('lists every release of a line between its first and latest patch', () => {
    for (const m of t.minors) expect(t.releases.filter((r) => r.startsWith(`${m.minor}.`)).at(-1)).toBe(m.latest);
  });
});

describe('tableForTarget', () => {
  it('is the bundled table itself for the default target', () => {
    expect(tableForTarget(table, undefined)).toBe(table);
    expect(tableForTarget(table, '3.0')).toBe(table);
  });

  it('is a valid table for every line and the same object when asked twice', () => {
    for (const m of t.minors) {
      const view = tableForTarget(table, m.minor);
      expect(tableForTarget(table, m.latest)).toBe(view);
      expect(() => validateTable(view, `view ${m.minor}`)).not.toThrow();
    }
  });

  it('lands a key renamed in 3.0 and again later on its final name', () => {
    const view = tableForTarget(table, '3.5');
    const hit = (key: string) => resolveKey(view, key);
    expect(hit('spring.redis.ssl')).toMatchObject({ kind: 'rename', to: 'spring.data.redis.ssl.enabled' });
    expect(hit('spring.redis.host')).toMatchObject({ kind: 'rename', to: 'spring.data.redis.host' });
    expect(hit('spring.codec.max-in-memory-size')).toMatchObject({ kind: 'rename', to: 'spring.http.codecs.max-in-memory-size' });
    expect(hit('management.endpoint.health.enabled')).toMatchObject({ kind: 'convert' });
    // on 3.0 the same keys stop at their 3.0 names
    expect(resolveKey(table, 'spring.redis.ssl')).toMatchObject({ kind: 'rename', to: 'spring.data.redis.ssl' });
    expect(resolveKey(table, 'spring.codec.max-in-memory-size')).toBeUndefined();
  });

  it('leaves no rename on a key that is itself renamed or removed for the same target (one edit reaches the end)', () => {
    for (const m of t.minors) {
      const view = tableForTarget(table, m.minor);
      for (const row of view.properties.rename) {
        const next = resolveKey(view, row.to);
        // keystore-location and key-store-location are one key to relaxed binding
        expect(next === undefined || next.kind !== 'rename' || canonicalKey(next.to) === canonicalKey(row.to), `${m.minor}: ${row.from} -> ${row.to} -> ${next?.kind === 'rename' ? next.to : ''}`).toBe(true);
      }
    }
  });

  it('skips a change made by a later patch than the target', () => {
    const key = 'micrometer.observations.annotations.enabled';
    const row = t.steps.find((s) => s.minor === '3.2')!.properties.rename.find((r) => r.from === key)!;
    expect(row.since).toBe('3.2.3');
    expect(resolveKey(tableForTarget(table, '3.2.2'), key)).toBeUndefined();
    expect(resolveKey(tableForTarget(table, '3.2.3'), key)).toMatchObject({ kind: 'rename', to: 'management.observations.annotations.enabled' });
  });

  it('builds for the target: its release, Kotlin, dependency-management plugin and version properties from its BOM', () => {
    const release = latest('3.5');
    const build = tableForTarget(table, '3.5').build!;
    const target = build.boot.releases.find((r) => r.version === release)!;
    expect(target.kotlin).toBe(versionAt(t, 'kotlin.version', release));
    expect(target.dependencyManagementPlugin).toBe(versionAt(t, 'dependency-management-plugin.version', release));
    expect(build.versionProperties.find((v) => v.property === 'hibernate.version')!.version30![release]).toBe(versionAt(t, 'hibernate.version', release));
    // Jetty 12 implements Servlet 6: no Servlet 5 pin on 3.2 and later, kept before
    expect(build.jetty).toBeUndefined();
    expect(tableForTarget(table, '3.1').build!.jetty).toBeDefined();
  });

  it('takes the Spring Cloud train built for each line, with older trains as older', () => {
    const trains = Object.fromEntries(t.minors.map((m) => [m.minor, tableForTarget(table, m.minor).build!.springCloud.train]));
    expect(trains).toEqual({ '3.0': '2022.0', '3.1': '2022.0', '3.2': '2023.0', '3.3': '2023.0', '3.4': '2024.0', '3.5': '2025.0' });
    const cloud = tableForTarget(table, '3.5').build!.springCloud;
    expect(cloud.olderTrains.map((o) => o.train)).toEqual(expect.arrayContaining(['2021.0', '2022.0', '2023.0', '2024.0']));
  });

  it('raises Gradle to each line\'s minimum, 8.x to 8.4 from 3.4', () => {
    expect(tableForTarget(table, '3.3').build!.gradle).toMatchObject({ minimumVersion: '7.5' });
    expect(tableForTarget(table, '3.5').build!.gradle).toMatchObject({ minimumVersion: '7.6.4', minimum8: '8.4' });
  });

  it('adds each step up to the target, and none after it', () => {
    expect(stepsTo(t, latest('3.3')).map((s) => s.minor)).toEqual(['3.1', '3.2', '3.3']);
    expect(tableForTarget(table, '3.3').build!.flywayModules?.some((r) => r.module === 'flyway-database-postgresql')).toBe(true);
    expect(tableForTarget(table, '3.2').build!.flywayModules?.some((r) => r.module === 'flyway-database-postgresql')).toBe(false);
  });

  it('adds no later follow-up for a type the 3.0 rows move (@ConstructorBinding, removed in 3.2), and a 3.0 warning gives way to a later removal', () => {
    const fqcn = 'org.springframework.boot.context.properties.ConstructorBinding';
    expect(table.code!.constructorBinding.from).toBe(fqcn);
    const at35 = tableForTarget(table, '3.5').code!.followUps;
    expect(at35.some((f) => f.type === fqcn)).toBe(false);
    const tags = 'org.springframework.boot.actuate.metrics.web.servlet.WebMvcTagsProvider';
    expect(table.code!.followUps.filter((f) => f.type === tags).map((f) => f.severity)).toEqual(['warning']);
    expect(at35.filter((f) => f.type === tags).map((f) => f.severity)).toEqual(['error']);
    expect(tableForTarget(table, '3.1').code!.followUps.filter((f) => f.type === tags).map((f) => f.severity)).toEqual(['warning']);
  });

  it('raises a BOM by the property the target versions it with (prometheus-client.version moved to another BOM in 3.3)', () => {
    for (const minor of ['3.3', '3.5']) {
      const build = tableForTarget(table, minor).build!;
      const version = (artifactId: string) => build.boms.find((r) => r.artifactId === artifactId)?.version30[latest(minor)];
      expect(version('simpleclient_bom')).toMatch(/^0\./);
      expect(version('prometheus-metrics-bom')).toMatch(/^1\./);
      expect(build.managedGroups.find((g) => g.groupId === 'io.prometheus')?.version30[latest(minor)]).toMatch(/^0\./);
    }
  });
});
