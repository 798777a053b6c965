// The one version order (src/table/versions.ts) that the build passes, the target composition and
// the table scripts share: numbers first, then pre-releases before their release.
import { describe, expect, it } from 'vitest';
import { compareVersions, isLower, releaseOf, versionOrder } from '../src/table/versions.js';
import { lineOf } from '../transforms/build/boot-line.js';
import { isBoot2 } from '../transforms/build/facts.js';
import { belowMinimum } from '../transforms/coherence/facts.js';
import { stepsTo } from '../src/table/target.js';
import type { TargetsSection, TargetStep } from '../src/table/sections/targets.js';

describe('version order', () => {
  it('orders numbers segment by segment, a missing segment as 0', () => {
    expect(compareVersions('2.7.18', '2.10.0')).toBe(-1);
    expect(compareVersions('3.0', '3.0.0')).toBe(0);
    expect(compareVersions('v1.2', '1.1.9')).toBe(1);
    expect(compareVersions('2022.0.4', '2023.0.0')).toBe(-1);
  });

  it('puts each pre-release before its release, milestones before candidates', () => {
    const ordered = ['3.2.0-alpha1', '3.2.0-beta.2', '3.2.0-M1', '3.2.0-M2', '3.2.0-M10', '3.2.0-RC1', '3.2.0-RC2', '3.2.0-SNAPSHOT', '3.2.0', '3.2.0.SR1', '3.2.1-M1', '3.2.1'];
    for (let i = 0; i < ordered.length; i++)
      for (let j = 0; j < ordered.length; j++) expect(compareVersions(ordered[i]!, ordered[j]!), `${ordered[i]} vs ${ordered[j]}`).toBe(Math.sign(i - j));
    expect(isLower('3.2.0-RC1', '3.2.0')).toBe(true);
    expect(isLower('3.2.0', '3.2.0-RC1')).toBe(false);
    expect(compareVersions('2.0.0.M1', '2.0.0.RC1')).toBe(-1);
  });

  it('counts a variant qualifier as the release itself', () => {
    expect(compareVersions('5.6.15.Final', '5.6.15')).toBe(0);
    expect(compareVersions('5.3.0.RELEASE', '5.3.0')).toBe(0);
    expect(compareVersions('31.1-jre', '31.1-android')).toBe(0);
    expect(compareVersions('9.4.50.v20221201', '9.4.51.v20230217')).toBe(-1);
    expect(compareVersions('4.0.0-android', '4.0.0-alpha1')).toBe(1); // a word merely starting like a qualifier is none
  });

  it('cannot order a name without a leading number, and sorts such names last', () => {
    expect(compareVersions('Borca-SR2', '2.7.0')).toBeUndefined();
    expect(compareVersions('${boot.version}', '2.7.0')).toBeUndefined();
    expect(['Borca-SR2', '3.2.0', '3.2.0-RC1', 'Aluminium'].sort(versionOrder)).toEqual(['3.2.0-RC1', '3.2.0', 'Aluminium', 'Borca-SR2']);
  });

  it('puts a pre-release on the line of its release', () => {
    expect(releaseOf('3.0.0-M4')).toBe('3.0.0');
    expect(releaseOf('Borca-SR2')).toBe('Borca-SR2');
    expect(['2.7.18', '3.0.0-M4', '3.0.0', '3.1.0-RC1', '3.1.0'].map((v) => lineOf(v))).toEqual(['boot2', 'boot3', 'boot3', 'later', 'later']);
    expect(isBoot2('3.0.0-M4')).toBe(false);
    expect(isBoot2('2.7.0-RC1')).toBe(true);
    const boot = { library: 'Spring Boot', minimum: '3.0.0' } as Parameters<typeof belowMinimum>[0];
    expect(['2.7.18', '3.0.0-M4', '3.0.13'].map((v) => belowMinimum(boot, v))).toEqual([true, false, false]);
  });

  it('a target takes a row first released in a candidate of its own release', () => {
    const row = (since: string) => ({ from: `a.${since}`, to: `b.${since}`, since });
    const step = { minor: '3.2', latest: '3.2.12', properties: { rename: [row('3.2.0-RC1'), row('3.2.0'), row('3.2.1')], renamePrefix: [], remove: [], convert: [] } } as unknown as TargetStep;
    const [taken] = stepsTo({ steps: [step] } as unknown as TargetsSection, '3.2.0');
    expect(taken!.properties.rename.map((r) => r.since)).toEqual(['3.2.0-RC1', '3.2.0']);
  });
});
