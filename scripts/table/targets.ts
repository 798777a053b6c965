// The `targets` section: what each minor from 3.1 to 3.5 changes, from data/boot-3x (derived from
// the published artifacts by scripts/data/derive-boot-3x.ts; its README says from which). Every
// row names the data file it comes from; src/table/target.ts composes the steps for a target.
import path from 'node:path';
import type { DataDir } from './data.js';
import { openDataDir } from './data.js';
import { packageRoot } from '../../src/table/load.js';
import { versionOrder as compare } from '../../src/table/versions.js';
import type { CloudTrain, FlywayModuleRow, SecurityDslRow, TargetsSection, TargetStep } from '../../src/table/sections/targets.js';
import type { PropertyConversion, PropertyRemoval, PropertyRename } from '../../src/table/sections/properties.js';
import type { CoordinateRow } from '../../src/table/sections/build.js';
import { coordinateRows } from './targets-coordinates.js';
import { renamesOf } from './targets-renames.js';
import { movedTypes, typeChanges, type ApisFile } from './targets-apis.js';
import type { DependencyStep } from '../data/derive-dependencies.js';
import type { DeprecatedRow, RemovedRow } from '../data/derive-properties.js';
import type { ServedFile } from '../data/derive-served.js';

export const BOOT3X_DIR = () => path.join(packageRoot(), 'data', 'boot-3x');

export function releaseNotes(minor: string): string {
  return `https://github.com/spring-projects/spring-boot/wiki/Spring-Boot-${minor}-Release-Notes`;
}

interface Minor {
  minor: string;
  first: string;
  latest: string;
  releases: string[];
  /** The BOM's latest patch when Central does not serve its Spring versions (latest is then older). */
  bomLatest?: string;
}
export interface DepsFile {
  releases: string[];
  minors: Minor[];
  properties: Record<string, Record<string, string | null>>;
  boms: Record<string, Record<string, string>>;
  managed: Record<string, Record<string, string>>;
  steps: DependencyStep[];
}
interface PropertiesFile {
  steps: { minor: string; from: string; to: string; deprecated: DeprecatedRow[]; removed: RemovedRow[] }[];
}
interface TrainsFile {
  trains: {
    train: string;
    latest: string;
    springCloudBuild: string;
    builtAgainstBoot: string;
    firstBuiltAgainstBoot: string;
    bootLines: [string, string];
    modules: { module: string; version: string | null }[];
    leftManaged: { coordinate: string; version: string | null; bom: string }[];
  }[];
}
interface FlywayFile {
  drivers: { coordinate: string; databaseTypes: string[] }[];
  versions: { minor: string; boot: string; flyway: string; core: string[]; modules: Record<string, string[]>; drivers: string[] }[];
}
interface GradleFile {
  minimums: { minor: string; boot: string; gradle: string | null }[];
}
interface SecurityFile {
  securityVersion: string;
  methods: { type: string; name: string; params: string; since: string | null; forRemoval: boolean; text: string | null; memberLinks: string[] }[];
}

const PROPS = 'spring-boot-properties-3x.json';
const BOOLEAN = 'java.lang.Boolean';
/** Actuator's endpoint access level (3.4): `enabled` true/false become `access` unrestricted/none. */
const ACCESS = 'org.springframework.boot.actuate.endpoint.Access';

/**
 * From 3.4 the Gradle plugin checks no version (gradle-3x.json has none): the minimum its system
 * requirements page documents, "Gradle 7.x (7.6.4 or later) or 8.x (8.4 or later)".
 */
const DOCUMENTED_GRADLE: Record<string, { minimumVersion: string; minimum8: string; source: string }> = {
  '3.4': { minimumVersion: '7.6.4', minimum8: '8.4', source: 'https://docs.spring.io/spring-boot/3.4/system-requirements.html' },
  '3.5': { minimumVersion: '7.6.4', minimum8: '8.4', source: 'https://docs.spring.io/spring-boot/3.5/system-requirements.html' },
};

/**
 * A deprecated or removed key's row: a rename when the replacement is a key of the same type in the
 * minor (the value carries over as written); a report when the type changes (an Integer of seconds
 * is not a Duration: the unit may differ); a removal (reported, never deleted) when there is none.
 */
function propertyRows(step: PropertiesFile['steps'][number]) {
  const rename: (PropertyRename & { since: string })[] = [];
  const remove: (PropertyRemoval & { since: string })[] = [];
  const convert: (PropertyConversion & { since: string })[] = [];
  const source = `${PROPS} steps[${step.minor}] (spring-boot ${step.to} configuration metadata)`;
  const add = (name: string, since: string, level: 'warning' | 'error', replacement: string | null, replacementKnown: boolean, sameType: boolean, reason: string | null, type: string | null, replacementType: string | null) => {
    if (replacement && replacementKnown && sameType) {
      rename.push({ from: name, to: replacement, level, source, since });
    } else if (replacement && replacementKnown) {
      convert.push({ from: [name], to: replacement, convert: 'report', level, reason: `${reason ? `${reason}. ` : ''}Its replacement takes another type (${type} -> ${replacementType}): set ${replacement} by hand`, source, since });
    } else {
      remove.push({
        key: name,
        level,
        reason: reason ?? (level === 'warning' ? 'its deprecation names no replacement' : 'no replacement is named'),
        ...(replacement ? { hint: replacement } : {}),
        docs: releaseNotes(step.minor),
        since,
        source,
      });
    }
  };
  // a key without a type in the metadata (documented by hand) takes the replacement Boot names
  const sameType = (a: string | null, b: string | null) => a === null || a === b;
  for (const d of step.deprecated) {
    if (d.replacement && d.replacementExists && d.type === BOOLEAN && d.replacementType === ACCESS) {
      convert.push({ from: [d.name], to: d.replacement, convert: 'boolean-to-access', level: d.level, reason: d.reason ?? `${d.name} -> ${d.replacement}`, source, since: d.firstRelease });
      continue;
    }
    // both defaults known and different (http://localhost:9091 against localhost:9091): the value's form may differ
    const defaults = d.defaultValue === null || d.replacementDefault === null || JSON.stringify(d.defaultValue) === JSON.stringify(d.replacementDefault);
    if (d.replacement && d.replacementExists && sameType(d.type, d.replacementType) && !defaults) {
      convert.push({ from: [d.name], to: d.replacement, convert: 'report', level: d.level, reason: `${d.reason ? `${d.reason}. ` : ''}The default changes from ${JSON.stringify(d.defaultValue)} to ${JSON.stringify(d.replacementDefault)}: write the value in ${d.replacement}'s form`, source, since: d.firstRelease });
      continue;
    }
    add(d.name, d.firstRelease, d.level, d.replacement, d.replacementExists, sameType(d.type, d.replacementType), d.reason, d.type, d.replacementType);
  }
  for (const r of step.removed) {
    const dep = r.deprecation;
    add(r.name, r.firstRelease, 'error', dep?.replacement ?? null, r.replacementType !== null, sameType(r.type, r.replacementType), dep?.reason ?? (dep ? null : `removed in Spring Boot ${step.minor} (no deprecation before)`), r.type, r.replacementType);
  }
  return { rename, renamePrefix: [], remove, convert };
}

function cloudLeftRows(train: string, minor: string, left: { coordinate: string; version: string | null; bom: string }[]): CoordinateRow[] {
  return left.map((l) => {
    const [groupId, artifactId] = l.coordinate.split(':');
    return {
      from: { groupId: groupId!, artifactId: artifactId! },
      to: null,
      action: 'needs-version' as const,
      note: `the Spring Cloud ${train} train (Spring Boot ${minor}) no longer manages it (${l.bom.split(':').slice(1).join(' ')} of 2022.0 managed ${l.version ?? 'it'})`,
      ...(l.version ? { boot27: { version: l.version } } : {}),
      source: `spring-cloud-trains-3x.json trains[${train}].leftManaged`,
    };
  });
}

function cloudTrain(trains: TrainsFile, minor: string, served?: ServedFile['cloud']): CloudTrain {
  // the newest train whose first release was built for this line or an earlier one
  const t = [...trains.trains].filter((x) => compare(x.bootLines[0], minor) <= 0).sort((a, b) => compare(b.bootLines[0], a.bootLines[0]))[0];
  if (!t) throw new Error(`spring-cloud-trains-3x.json: no train for Spring Boot ${minor}`);
  // which starters of each release Central serves (served-3x.json): the run picks the release
  const releases = served?.find((x) => x.train === t.train)?.releases;
  return {
    train: t.train,
    latest: t.latest,
    boot: t.bootLines[0] === t.bootLines[1] ? t.bootLines[0] : `${t.bootLines[0]}-${t.bootLines[1]}`,
    modules: t.modules.filter((m): m is { module: string; version: string } => m.version !== null),
    ...(releases ? { served: releases } : {}),
    source: `spring-cloud-trains-3x.json trains[${t.train}] (its first release built against spring-boot-dependencies ${t.firstBuiltAgainstBoot}, ${t.latest} against ${t.builtAgainstBoot})${releases ? `; the starters each release serves: ${SERVED}` : ''}`,
  };
}



function flywayRows(flyway: FlywayFile, minor: string): FlywayModuleRow[] {
  const v = flyway.versions.find((x) => x.minor === minor);
  if (!v) throw new Error(`flyway-databases-3x.json: no minor ${minor}`);
  const rows: FlywayModuleRow[] = [];
  for (const [module, types] of Object.entries(v.modules)) {
    const drivers = flyway.drivers.filter((d) => d.databaseTypes.some((t) => types.includes(t) && !v.core.includes(t))).map((d) => d.coordinate);
    if (drivers.length) rows.push({ drivers, module, flyway: v.flyway, source: `flyway-databases-3x.json versions[${minor}] (flyway-core and ${module} ${v.flyway})` });
  }
  return rows;
}

function securityRows(sec: SecurityFile): SecurityDslRow[] {
  return sec.methods
    .filter((m) => m.forRemoval && m.since)
    .map((m) => ({ type: m.type, method: m.name, use: m.memberLinks[0] ?? null, since: m.since!, source: `security-dsl-3x.json (spring-security-config ${sec.securityVersion} sources)` }));
}

const SERVED = 'served-3x.json';

/**
 * The lines as Central serves them (served-3x.json, scripts/data/derive-served.ts): a line's
 * latest is its newest patch whose Spring versions resolve; the patches after it are not targets.
 * What a BOM manages is read from the BOM's latest patch (deps.managed/boms), as derived.
 */
function servedDeps(deps: DepsFile, served: ServedFile): DepsFile {
  const latest = new Map(served.lines.map((l) => [l.minor, l.latest]));
  const after = new Set(deps.minors.flatMap((m) => (latest.has(m.minor) ? m.releases.slice(m.releases.indexOf(latest.get(m.minor)!) + 1) : [])));
  return {
    ...deps,
    releases: deps.releases.filter((r) => !after.has(r)),
    minors: deps.minors.map((m) => (latest.has(m.minor) ? { ...m, latest: latest.get(m.minor)!, releases: m.releases.filter((r) => !after.has(r)), bomLatest: m.latest } : m)),
  };
}

export function buildTargets(data: DataDir, boot3x: DataDir = openDataDir(BOOT3X_DIR())): TargetsSection {
  // derive-served.ts builds the table of every patch the BOMs list, to find which ones Central serves
  const served: ServedFile = process.env.BOOT_UPGRADE_ALL_PATCHES === '1' ? { source: '', lines: [], unserved: [] } : boot3x.read<ServedFile>(SERVED);
  const deps = servedDeps(boot3x.read<DepsFile>('spring-boot-dependencies-3x.json'), served);
  const props = boot3x.read<PropertiesFile>(PROPS);
  const apis = boot3x.read<ApisFile>('boot-apis-3x.json');
  const trains = boot3x.read<TrainsFile>('spring-cloud-trains-3x.json');
  const flyway = boot3x.read<FlywayFile>('flyway-databases-3x.json');
  const gradle = boot3x.read<GradleFile>('gradle-3x.json');
  const security = boot3x.read<SecurityFile>('security-dsl-3x.json');
  const defaultVersion = data.read<{ libraries: { name: string; version: string }[] }>('spring-boot-dependencies-3.0.json').libraries.find((l) => l.name === 'Spring Boot')!.version;
  if (!deps.releases.includes(defaultVersion)) throw new Error(`spring-boot-dependencies-3x.json: the default ${defaultVersion} is not a release`);
  const steps: TargetStep[] = deps.minors.slice(1).map((m) => {
    const propStep = props.steps.find((s) => s.minor === m.minor);
    if (!propStep) throw new Error(`${PROPS}: no step ${m.minor}`);
    const g = gradle.minimums.find((x) => x.minor === m.minor);
    const documented = DOCUMENTED_GRADLE[m.minor];
    if (!g || (!g.gradle && !documented)) throw new Error(`gradle-3x.json: no minimum for ${m.minor}`);
    // what the line's Spring Cloud train stopped managing, first met on this line
    const train = cloudTrain(trains, m.minor).train;
    const before = new Set(deps.minors.slice(1).filter((x) => compare(x.minor, m.minor) < 0).map((x) => cloudTrain(trains, x.minor).train));
    const seen = new Set(trains.trains.filter((x) => before.has(x.train)).flatMap((x) => x.leftManaged.map((l) => l.coordinate)));
    const left = before.has(train) ? [] : (trains.trains.find((x) => x.train === train)?.leftManaged ?? []).filter((l) => !seen.has(l.coordinate));
    const coordinates: CoordinateRow[] = [...coordinateRows(deps, m.minor), ...cloudLeftRows(train, m.minor, left)];
    return {
      minor: m.minor,
      latest: m.latest,
      properties: propertyRows(propStep),
      coordinates,
      ...typeChanges(apis, m.minor),
      renames: renamesOf(m.minor, apis.steps.find((s) => s.minor === m.minor)!.deprecated),
      cloud: cloudTrain(trains, m.minor, served.cloud),
      gradle: g.gradle
        ? { minimumVersion: g.gradle, source: `gradle-3x.json minimums[${m.minor}] (spring-boot-gradle-plugin ${g.boot} SpringBootPlugin)` }
        : { minimumVersion: documented!.minimumVersion, minimum8: documented!.minimum8, source: `${documented!.source} (the ${g.boot} Gradle plugin checks no version: gradle-3x.json)` },
      movedTypes: movedTypes(apis, m.minor),
      flyway: flywayRows(flyway, m.minor),
    };
  });
  // one row per BOM and the property that versions it: a property can change meaning (from 3.3
  // prometheus-client.version versions prometheus-metrics-bom; simpleclient_bom has its own)
  const boms = new Map<string, { groupId: string; artifactId: string; versionProperty: string; minors: string[] }>();
  for (const m of deps.minors) {
    for (const [coordinate, ref] of Object.entries(deps.boms[m.bomLatest ?? m.latest] ?? {})) {
      const [groupId, artifactId] = coordinate.split(':');
      if (ref.startsWith('=')) continue;
      const row = boms.get(`${coordinate}|${ref}`) ?? { groupId: groupId!, artifactId: artifactId!, versionProperty: ref, minors: [] };
      row.minors.push(m.minor);
      boms.set(`${coordinate}|${ref}`, row);
    }
  }
  // the groups each minor's BOM manages itself (a group it no longer lists is not raised to its version)
  const groups = Object.fromEntries(deps.minors.map((m) => [m.minor, [...new Set(Object.keys(deps.managed[m.bomLatest ?? m.latest] ?? {}).map((c) => c.split(':')[0]!))].sort()]));
  return {
    defaultVersion,
    releases: deps.releases,
    minors: deps.minors.map((m) => ({ minor: m.minor, latest: m.latest })),
    versions: deps.properties,
    boms: [...boms.values()].sort((a, b) => (`${a.groupId}:${a.artifactId}:${a.minors[0]}` < `${b.groupId}:${b.artifactId}:${b.minors[0]}` ? -1 : 1)),
    groups,
    steps,
    cloud30: cloudTrain(trains, '3.0'),
    securityDsl: securityRows(security),
    unserved: served.unserved.map((u) => ({ ...u, source: `${SERVED} (${served.source})` })),
    source: 'data/boot-3x (derived from the artifacts on Maven Central by scripts/data/derive-boot-3x.ts; see its README)',
  };
}
