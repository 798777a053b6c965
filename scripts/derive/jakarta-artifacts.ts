// `npm run derive:jakarta`: derives the Jakarta artifact facts the build passes decide with, from
// artifacts published on Maven Central, and writes scripts/table/derived/jakarta-artifacts.json
// (committed; the table generator reads it, never the network). Needs the network and Maven.
//
//   artifacts: every Jakarta EE 10 API (the dependencies of jakarta.platform:jakarta.jakartaee-api
//     and -web-api 10.0.0) and the implementations Boot builds use. For each: the first version
//     whose jar holds the `jakarta.*` packages (found by reading the jars, binary search over the
//     released versions, the version before it checked to hold `javax.*`), the version to move to
//     (Boot 3.0's managed one, else the EE 10 platform's) and the packages that version holds.
//   starters: the `jakarta.*` packages each Boot 3.0 starter (and a few Boot-managed artifacts that
//     carry Jakarta APIs) brings at compile scope, and the Jakarta implementations it brings at
//     runtime: `mvn dependency:list` on a reactor of one module per starter, jar entries read.
//   javaxHolders: artifacts Boot's data has no row for that hold `javax.*` packages of a spec.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { versionOrder } from '../../src/table/versions.js';
import { defaultDataDir } from '../generate-table.js';
import type { DerivedArtifact } from '../table/build-jakarta.js';

const REPO = (process.env.BOOT_UPGRADE_MAVEN_REPO ?? 'https://repo.maven.apache.org/maven2').replace(/\/$/, '');
const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'table', 'derived', 'jakarta-artifacts.json');
const CACHE = path.join(os.tmpdir(), 'boot-upgrade-derive-jars');
const BOOT = '3.0.13';
const PLATFORM = ['jakarta.platform:jakarta.jakartaee-api:10.0.0', 'jakarta.platform:jakarta.jakartaee-web-api:10.0.0'];

/** Implementations (no API classes of their own: their namespace is the one their classes reference). */
const IMPLEMENTATIONS: { coordinate: string; spec: string; why: string }[] = [
  { coordinate: 'org.glassfish.jaxb:jaxb-runtime', spec: 'xml/bind', why: 'the XML Binding implementation Boot manages (jaxb-bom)' },
  { coordinate: 'com.sun.xml.bind:jaxb-impl', spec: 'xml/bind', why: 'the older XML Binding implementation artifact' },
  { coordinate: 'com.sun.mail:jakarta.mail', spec: 'mail', why: 'the Mail implementation before Angus Mail' },
  { coordinate: 'org.eclipse.angus:jakarta.mail', spec: 'mail', why: 'the Mail implementation Boot 3.0 manages' },
  { coordinate: 'com.sun.activation:jakarta.activation', spec: 'activation', why: 'the Activation implementation before Angus Activation' },
  { coordinate: 'org.glassfish:jakarta.el', spec: 'el', why: 'the Expression Language implementation Boot 2.7 managed' },
  { coordinate: 'org.glassfish.web:jakarta.servlet.jsp.jstl', spec: 'servlet/jsp/jstl', why: 'the JSTL implementation Boot manages' },
  { coordinate: 'org.glassfish:jakarta.json', spec: 'json', why: 'the JSON Processing implementation' },
  { coordinate: 'jakarta.jws:jakarta.jws-api', spec: 'jws', why: 'the Web Services Metadata API, merged into jakarta.xml.ws-api in EE 10' },
];

/**
 * BOMs a build imports at its own version, whose version is their project's: jersey-bom 2.x manages
 * the Jersey that implements javax.ws.rs, 3.x the one that implements jakarta.ws.rs. A BOM has no
 * classes, so its first jakarta release is read from a member's jars (and checked to be a release
 * of the BOM too); the version to move to is the one Boot 3.0 imports.
 */
const BOMS: { coordinate: string; member: string; spec: string; why: string }[] = [
  { coordinate: 'org.glassfish.jersey:jersey-bom', member: 'org.glassfish.jersey.core:jersey-common', spec: 'ws/rs', why: 'the Jersey BOM, read through jersey-common' },
];

/**
 * Artifacts that carry javax packages under names no Boot row knows (the packages found in their jar
 * are the evidence of a rename), and javax artifacts the data renames to an API alone whose jar also
 * held the implementation (javax.mail:mail: javax.mail with com.sun.mail), which must come along.
 */
const JAVAX_HOLDERS = ['org.glassfish:javax.servlet:3.1.1', 'javax.servlet:jstl:1.2', 'javax.mail:mail:1.4.7'];

/** Boot-managed artifacts (not starters) that bring Jakarta APIs to a module that declares them. */
const CARRIERS = [
  'org.hibernate.orm:hibernate-core',
  'org.hibernate.validator:hibernate-validator',
  'org.apache.tomcat.embed:tomcat-embed-core',
  'org.apache.tomcat.embed:tomcat-embed-el',
  'org.apache.tomcat.embed:tomcat-embed-websocket',
  'org.apache.tomcat.embed:tomcat-embed-jasper',
  'org.glassfish.jaxb:jaxb-runtime',
  'org.eclipse.angus:jakarta.mail',
  'org.glassfish.web:jakarta.servlet.jsp.jstl',
];

interface Released {
  versions: string[];
  url: string;
}

const RELEASE = /^\d+(\.\d+)*([.-]Final)?$/;

function base(g: string, a: string): string {
  return `${REPO}/${g.replace(/\./g, '/')}/${a}`;
}

async function text(url: string): Promise<string> {
  const r = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r.text();
}

async function released(g: string, a: string): Promise<Released> {
  const url = `${base(g, a)}/maven-metadata.xml`;
  const xml = await text(url);
  const versions = [...xml.matchAll(/<version>([^<]+)<\/version>/g)].map((m) => m[1]!).filter((v) => RELEASE.test(v));
  versions.sort(versionOrder);
  return { versions, url };
}

function jarUrl(g: string, a: string, v: string): string {
  return `${base(g, a)}/${v}/${a}-${v}.jar`;
}

async function jar(g: string, a: string, v: string): Promise<Record<string, Uint8Array>> {
  mkdirSync(CACHE, { recursive: true });
  const file = path.join(CACHE, `${g}+${a}+${v}.jar`);
  if (!existsSync(file)) {
    const r = await fetch(jarUrl(g, a, v), { signal: AbortSignal.timeout(120_000) });
    if (!r.ok) throw new Error(`${jarUrl(g, a, v)}: HTTP ${r.status}`);
    writeFileSync(file, Buffer.from(await r.arrayBuffer()));
  }
  return unzipSync(readFileSync(file));
}

/** The packages of the classes in a jar under `prefix` (`jakarta/`), dotted. */
function packagesIn(entries: Record<string, Uint8Array>, prefix: string): string[] {
  const out = new Set<string>();
  for (const name of Object.keys(entries)) {
    if (!name.startsWith(prefix) || !name.endsWith('.class') || name.includes('$')) continue;
    out.add(name.slice(0, name.lastIndexOf('/')).replace(/\//g, '.'));
  }
  return [...out].sort();
}

type Namespace = 'jakarta' | 'javax' | 'none';

/** Which namespace of `spec` (`xml/bind`) a jar holds or, for an implementation, references. */
function namespaceOf(entries: Record<string, Uint8Array>, spec: string, implementation: boolean): Namespace {
  const names = Object.keys(entries);
  if (names.some((n) => n.startsWith(`jakarta/${spec}/`) && n.endsWith('.class'))) return 'jakarta';
  if (names.some((n) => n.startsWith(`javax/${spec}/`) && n.endsWith('.class'))) return 'javax';
  if (!implementation) return 'none';
  const jakarta = Buffer.from(`jakarta/${spec}/`);
  const javax = Buffer.from(`javax/${spec}/`);
  let seen: Namespace = 'none';
  for (const [n, bytes] of Object.entries(entries)) {
    if (!n.endsWith('.class')) continue;
    const b = Buffer.from(bytes);
    if (b.includes(jakarta)) return 'jakarta';
    if (b.includes(javax)) seen = 'javax';
  }
  return seen;
}

type ArtifactFact = DerivedArtifact;

async function firstJakarta(g: string, a: string, spec: string, implementation: boolean): Promise<{ first: string; lastJavax?: string; source: string }> {
  const { versions, url } = await released(g, a);
  const ns = new Map<string, Namespace>();
  const at = async (i: number) => {
    const v = versions[i]!;
    if (!ns.has(v)) ns.set(v, namespaceOf(await jar(g, a, v), spec, implementation));
    return ns.get(v)!;
  };
  let lo = 0;
  let hi = versions.length - 1;
  if ((await at(hi)) !== 'jakarta') throw new Error(`${g}:${a} ${versions[hi]}: the newest release does not hold jakarta/${spec}`);
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((await at(mid)) === 'jakarta') hi = mid;
    else lo = mid + 1;
  }
  const first = versions[lo]!;
  const before = lo > 0 ? versions[lo - 1] : undefined;
  if (before && (await at(lo - 1)) !== 'javax') throw new Error(`${g}:${a} ${before} (before ${first}) holds neither javax/${spec} nor jakarta/${spec}`);
  const how = implementation ? `its classes reference` : `it holds`;
  const source = `${url} (releases); ${jarUrl(g, a, first)}: ${how} jakarta/${spec}/` + (before ? `; ${jarUrl(g, a, before)}: ${how} javax/${spec}/` : '; no earlier release');
  return { first, lastJavax: before, source };
}

interface BootLibrary {
  name: string;
  version: string;
  groups: { groupId: string; modules?: (string | { name: string })[]; boms?: string[] }[];
}

function bootVersionOf(libs: BootLibrary[], g: string, a: string): { version: string; library: string } | undefined {
  for (const l of libs) {
    for (const grp of l.groups) {
      if (grp.groupId !== g) continue;
      const modules = (grp.modules ?? []).map((m) => (typeof m === 'string' ? m : m.name));
      // a group managed through its BOM (jaxb-bom) manages the group's artifacts
      if (modules.includes(a) || (!modules.length && grp.boms?.length)) return { version: l.version, library: l.name };
    }
  }
  return undefined;
}

async function platformApis(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const p of PLATFORM) {
    const [g, a, v] = p.split(':') as [string, string, string];
    const pom = await text(`${base(g, a)}/${v}/${a}-${v}.pom`);
    for (const m of pom.matchAll(/<dependency>\s*<groupId>([^<]+)<\/groupId>\s*<artifactId>([^<]+)<\/artifactId>\s*<version>([^<]+)<\/version>/g)) {
      const key = `${m[1]}:${m[2]}`;
      if (m[1] === 'jakarta.platform' || m[1] === 'org.glassfish') continue; // the web profile itself; Faces' implementation
      out.set(key, m[3]!);
    }
  }
  return out;
}

async function artifacts(libs: BootLibrary[]): Promise<ArtifactFact[]> {
  const platform = await platformApis();
  const out: ArtifactFact[] = [];
  const platformSource = PLATFORM.map((p) => { const [g, a, v] = p.split(':') as [string, string, string]; return `${base(g, a)}/${v}/${a}-${v}.pom`; }).join(', ');
  const todo: { g: string; a: string; spec?: string; implementation: boolean }[] = [
    ...[...platform.keys()].map((k) => ({ g: k.split(':')[0]!, a: k.split(':')[1]!, implementation: false })),
    ...IMPLEMENTATIONS.map((i) => ({ g: i.coordinate.split(':')[0]!, a: i.coordinate.split(':')[1]!, spec: i.spec, implementation: true })),
  ];
  for (const t of todo) {
    const boot = bootVersionOf(libs, t.g, t.a);
    const ee = platform.get(`${t.g}:${t.a}`);
    const target = boot?.version ?? ee;
    const { versions } = await released(t.g, t.a);
    const probe = target ?? versions[versions.length - 1]!;
    const entries = await jar(t.g, t.a, probe);
    const packages = packagesIn(entries, 'jakarta/');
    // an implementation's spec is given; an API's is its group's package when it holds it
    // (jakarta.xml.ws-api 4.0 also holds jakarta.jws), else its packages' shortest
    const paths = packages.map((p) => p.slice('jakarta.'.length).replace(/\./g, '/'));
    const own = t.g.startsWith('jakarta.') ? t.g.slice('jakarta.'.length).replace(/\./g, '/') : undefined;
    const spec = t.spec ?? (own && paths.some((p) => p === own || p.startsWith(own + '/')) ? own : paths.sort((x, y) => x.length - y.length)[0]);
    if (!spec) throw new Error(`${t.g}:${t.a} ${probe}: no jakarta package`);
    const f = await firstJakarta(t.g, t.a, spec, t.implementation && !packages.length);
    out.push({
      groupId: t.g,
      artifactId: t.a,
      spec,
      firstJakarta: f.first,
      ...(f.lastJavax ? { lastJavax: f.lastJavax } : {}),
      ...(target ? { target, targetFrom: boot ? `spring-boot-dependencies ${BOOT} (${boot.library})` : `Jakarta EE 10 platform (${platformSource})` } : {}),
      packages,
      kind: t.implementation ? 'implementation' : 'api',
      source: f.source + (target ? `; packages: ${jarUrl(t.g, t.a, probe)}` : ''),
    });
    process.stderr.write(`${t.g}:${t.a}: jakarta from ${f.first}${target ? `, target ${target}` : ''}\n`);
  }
  for (const b of BOMS) {
    const [g, a] = b.coordinate.split(':') as [string, string];
    const [mg, ma] = b.member.split(':') as [string, string];
    const boot = bootVersionOf(libs, g, a);
    if (!boot) throw new Error(`${b.coordinate}: Boot ${BOOT} does not import it`);
    const f = await firstJakarta(mg, ma, b.spec, true);
    const bom = await released(g, a);
    if (!bom.versions.includes(f.first) || (f.lastJavax && !bom.versions.includes(f.lastJavax))) throw new Error(`${b.coordinate}: no release ${f.first} beside ${b.member}'s`);
    out.push({
      groupId: g,
      artifactId: a,
      spec: b.spec,
      firstJakarta: f.first,
      ...(f.lastJavax ? { lastJavax: f.lastJavax } : {}),
      target: boot.version,
      targetFrom: `spring-boot-dependencies ${BOOT} (${boot.library})`,
      packages: [],
      kind: 'implementation',
      source: `${bom.url} (releases); the member ${b.member}: ${f.source}`,
    });
    process.stderr.write(`${b.coordinate}: jakarta from ${f.first}, target ${boot.version}\n`);
  }
  return out;
}

async function javaxHolders(): Promise<{ groupId: string; artifactId: string; version: string; packages: string[]; implementationPackages: string[]; source: string }[]> {
  const out = [];
  for (const c of JAVAX_HOLDERS) {
    const [g, a, v] = c.split(':') as [string, string, string];
    const entries = await jar(g, a, v);
    const packages = packagesIn(entries, 'javax/');
    const implementationPackages = [...packagesIn(entries, 'org/'), ...packagesIn(entries, 'com/')].filter((p) => !p.includes('.javax.'));
    out.push({ groupId: g, artifactId: a, version: v, packages, implementationPackages: [...new Set(implementationPackages.map((p) => p.split('.').slice(0, 4).join('.')))], source: jarUrl(g, a, v) });
  }
  return out;
}

/** One module per starter/carrier with Boot's parent; `mvn dependency:list` in each scope. */
function starterClosures(libs: BootLibrary[], jakartaCoordinates: Set<string>, unresolved: string[]): { artifact: string; compile: string[]; runtimeImplementations: string[] }[] {
  const boot = libs.find((l) => l.name === 'Spring Boot')!;
  const starters = (boot.groups[0]!.modules ?? []).map((m) => (typeof m === 'string' ? m : m.name)).filter((m) => m.startsWith('spring-boot-starter'));
  const all = [...starters.map((s) => `org.springframework.boot:${s}`), ...CARRIERS];
  const dir = path.join(os.tmpdir(), 'boot-upgrade-derive-starters');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const modules = all.map((c, i) => {
    const [g, a] = c.split(':') as [string, string];
    const name = `m${i}`;
    mkdirSync(path.join(dir, name));
    writeFileSync(
      path.join(dir, name, 'pom.xml'),
      `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId><version>${BOOT}</version><relativePath/></parent>
<groupId>derive</groupId><artifactId>${name}</artifactId><version>1</version>
<dependencies><dependency><groupId>${g}</groupId><artifactId>${a}</artifactId></dependency></dependencies></project>`,
    );
    return name;
  });
  writeFileSync(
    path.join(dir, 'pom.xml'),
    `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>derive</groupId><artifactId>all</artifactId><version>1</version><packaging>pom</packaging><modules>${modules.map((m) => `<module>${m}</module>`).join('')}</modules></project>`,
  );
  for (const scope of ['compile', 'runtime']) {
    try {
      execFileSync('mvn', ['-B', '-q', '-fae', 'dependency:list', `-DincludeScope=${scope}`, `-DoutputFile=${scope}.txt`, '-DoutputAbsoluteArtifactFilename=true'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    } catch {
      // -fae: a starter that does not resolve here has no list and is left out below
    }
  }
  const read = (m: string, scope: string) =>
    readFileSync(path.join(dir, m, `${scope}.txt`), 'utf8')
      .split('\n')
      .map((l) => l.trim().split(':'))
      .filter((p) => p.length >= 6)
      .map((p) => ({ g: p[0]!, a: p[1]!, file: p.slice(5).join(':').replace(/ -- .*$/, '').trim() }));
  const jarPackages = new Map<string, string[]>();
  const packagesOf = (file: string) => {
    if (!jarPackages.has(file)) jarPackages.set(file, file.endsWith('.jar') && existsSync(file) ? packagesIn(unzipSync(readFileSync(file)), 'jakarta/') : []);
    return jarPackages.get(file)!;
  };
  const resolved = all.map((artifact, i) => ({ artifact, m: modules[i]! })).filter(({ artifact, m }) => {
    const ok = existsSync(path.join(dir, m, 'compile.txt')) && existsSync(path.join(dir, m, 'runtime.txt'));
    if (!ok) unresolved.push(artifact);
    return ok;
  });
  return resolved.map(({ artifact, m }) => {
    const compile = new Set<string>();
    for (const d of read(m, 'compile')) for (const p of packagesOf(d.file.replace(/:(compile|provided|system)$/, ''))) compile.add(p);
    const runtimeImplementations = read(m, 'runtime').map((d) => `${d.g}:${d.a}`).filter((k) => jakartaCoordinates.has(k));
    return { artifact, compile: [...compile].sort(), runtimeImplementations: [...new Set(runtimeImplementations)].sort() };
  });
}

/**
 * What spring-boot-dependencies manages once every BOM it imports is resolved (brave-bom imports
 * zipkin-reporter-bom: Boot's own data lists only brave-bom), for the coordinates a rename writes
 * and for every Spring portfolio artifact (spring-data-commons comes through spring-data-bom: a
 * build that pins it at its Boot 2 line's version mixes two Spring generations).
 */
const SPRING_PORTFOLIO = /^org\.springframework(\.|$)/;

function effectiveManagement(wanted: Set<string>): { groupId: string; artifactId: string; version: string }[] {
  const dir = path.join(os.tmpdir(), 'boot-upgrade-derive-effective');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'pom.xml'),
    `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-dependencies</artifactId><version>${BOOT}</version><relativePath/></parent>
<groupId>derive</groupId><artifactId>effective</artifactId><version>1</version><packaging>pom</packaging></project>`,
  );
  execFileSync('mvn', ['-B', '-q', 'help:effective-pom', '-Doutput=effective.xml'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  const xml = readFileSync(path.join(dir, 'effective.xml'), 'utf8');
  const management = xml.slice(xml.indexOf('<dependencyManagement>'), xml.indexOf('</dependencyManagement>'));
  const out = new Map<string, { groupId: string; artifactId: string; version: string }>();
  for (const m of management.matchAll(/<dependency>\s*<groupId>([^<]+)<\/groupId>\s*<artifactId>([^<]+)<\/artifactId>\s*<version>([^<]+)<\/version>/g)) {
    const key = `${m[1]}:${m[2]}`;
    if ((wanted.has(key) || SPRING_PORTFOLIO.test(m[1]!)) && !out.has(key)) out.set(key, { groupId: m[1]!, artifactId: m[2]!, version: m[3]! });
  }
  return [...out.values()].sort((a, b) => (`${a.groupId}:${a.artifactId}` < `${b.groupId}:${b.artifactId}` ? -1 : 1));
}

async function main(): Promise<void> {
  const deps = JSON.parse(readFileSync(path.join(defaultDataDir(), 'spring-boot-dependencies-3.0.json'), 'utf8')) as { libraries: BootLibrary[]; source: { tag: string } };
  if (deps.source.tag !== `v${BOOT}`) throw new Error(`spring-boot-dependencies-3.0.json is ${deps.source.tag}, not v${BOOT}`);
  const facts = await artifacts(deps.libraries);
  const implementations = new Set(facts.filter((f) => f.kind === 'implementation').map((f) => `${f.groupId}:${f.artifactId}`));
  const holders = await javaxHolders();
  const unresolved: string[] = [];
  const starters = starterClosures(deps.libraries, implementations, unresolved);
  const coords = JSON.parse(readFileSync(path.join(defaultDataDir(), 'maven-coordinates-3.0.json'), 'utf8')) as { entries: { to: { groupId: string; artifactId: string } | null }[] };
  const wanted = new Set([
    ...coords.entries.flatMap((e) => (e.to && e.to.artifactId !== '*' ? [`${e.to.groupId}:${e.to.artifactId}`] : [])),
    ...facts.map((f) => `${f.groupId}:${f.artifactId}`),
    ...CARRIERS,
  ]);
  const managed = effectiveManagement(wanted);
  const out = {
    derivedWith: 'npm run derive:jakarta (scripts/derive/jakarta-artifacts.ts), from Maven Central',
    sources: {
      artifacts: `the dependencies of ${PLATFORM.join(' and ')}, and ${IMPLEMENTATIONS.map((i) => `${i.coordinate} (${i.why})`).join('; ')}: each one's released versions (maven-metadata.xml), the jars read; ${BOMS.map((b) => `${b.coordinate} (${b.why})`).join('; ')}`,
      starters: `mvn dependency:list (compile and runtime scope) of each org.springframework.boot:spring-boot-starter-*:${BOOT} and of ${CARRIERS.join(', ')} under spring-boot-starter-parent ${BOOT}; the jakarta/ class entries of every jar resolved`,
      javaxHolders: 'the class entries of each jar',
      bootManaged: `mvn help:effective-pom of a pom whose parent is org.springframework.boot:spring-boot-dependencies:${BOOT} (every imported BOM resolved): the entries for rename targets (maven-coordinates-3.0.json), the artifacts above, the carriers and every org.springframework* artifact`,
    },
    artifacts: facts,
    starters,
    /** Starters whose dependencies did not resolve from Central here: nothing is known of them (a module that uses one is never proven to lack an API). */
    unresolvedStarters: unresolved,
    javaxHolders: holders,
    bootManaged: managed,
  };
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, JSON.stringify(out, null, 2) + '\n');
  process.stderr.write(`wrote ${OUT}\n`);
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack ?? e}\n`);
  process.exit(1);
});
