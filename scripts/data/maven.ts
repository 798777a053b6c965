// Published artifacts for the data derivation, through Maven itself: the local repository holds
// what was read (so a second derivation, or the test that compares its output, reads the very same
// files offline), and anything missing is resolved by one `mvn dependency:copy` of a throwaway pom,
// the ordinary client, in one invocation (a Maven start costs seconds; one per artifact would not do).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export interface Artifact {
  groupId: string;
  artifactId: string;
  version: string;
  /** 'jar' (default) or 'pom'. */
  type?: 'jar' | 'pom';
  classifier?: string;
}

export function coordinate(a: Artifact): string {
  return `${a.groupId}:${a.artifactId}:${a.version}${a.type === 'pom' ? ':pom' : ''}${a.classifier ? `:${a.classifier}` : ''}`;
}

export function localRepository(): string {
  return process.env.MAVEN_REPO_LOCAL ?? path.join(homedir(), '.m2', 'repository');
}

export function artifactFile(a: Artifact): string {
  const dir = path.join(localRepository(), ...a.groupId.split('.'), a.artifactId, a.version);
  const ext = a.type === 'pom' ? 'pom' : 'jar';
  return path.join(dir, `${a.artifactId}-${a.version}${a.classifier ? `-${a.classifier}` : ''}.${ext}`);
}

/** What was read: every artifact with its SHA-256, for the provenance file. */
export class ReadLog {
  readonly entries = new Map<string, { coordinate: string; sha256: string; bytes: number }>();
  read(a: Artifact): Buffer {
    const file = artifactFile(a);
    const data = readFileSync(file);
    const key = coordinate(a);
    if (!this.entries.has(key)) this.entries.set(key, { coordinate: key, sha256: createHash('sha256').update(data).digest('hex'), bytes: data.length });
    return data;
  }
  list(): { coordinate: string; sha256: string; bytes: number }[] {
    return [...this.entries.values()].sort((a, b) => (a.coordinate < b.coordinate ? -1 : a.coordinate > b.coordinate ? 1 : 0));
  }
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

function runMaven(pom: string, goal: string): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'derive-'));
  try {
    writeFileSync(path.join(dir, 'pom.xml'), pom);
    const r = spawnSync('mvn', ['-B', '-q', '-ntp', goal], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (r.status !== 0) throw new Error(`mvn ${goal} failed (exit ${r.status}):\n${(r.stdout + r.stderr).split('\n').filter((l) => /ERROR/.test(l)).slice(0, 8).join('\n')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const POM_HEAD = '<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>invalid.derive</groupId><artifactId>derive</artifactId><version>1</version><packaging>pom</packaging>';

/**
 * Makes every artifact present in the local repository that Maven can resolve, and returns those it
 * could not (Central here serves a part of what is published: a module of one patch may be
 * missing). `offline`: resolve nothing, return what is missing. One Maven run for the whole list: a
 * reactor of one module per artifact, each copying it in the validate phase (dependency:copy named
 * on the command line would run once, for the aggregator), with --fail-at-end, so one missing
 * artifact does not stop the others.
 */
/** Coordinates Maven could not resolve in this process: not asked again (each Maven start costs seconds). */
const notServed = new Set<string>();

export function ensureArtifacts(wanted: Artifact[], offline: boolean): Artifact[] {
  const missing = wanted.filter((a) => !existsSync(artifactFile(a)) && !notServed.has(coordinate(a)));
  if (missing.length === 0 || offline) return missing;
  const dir = mkdtempSync(path.join(tmpdir(), 'derive-'));
  try {
    const modules = missing.map((a, i) => {
      const item = `<artifactItem><groupId>${a.groupId}</groupId><artifactId>${a.artifactId}</artifactId><version>${xmlEscape(a.version)}</version><type>${a.type ?? 'jar'}</type>${a.classifier ? `<classifier>${a.classifier}</classifier>` : ''}</artifactItem>`;
      const pom = `${POM_HEAD.replace('<artifactId>derive</artifactId>', `<artifactId>a${i}</artifactId>`)}<build><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-dependency-plugin</artifactId><version>3.6.1</version><executions><execution><id>get</id><phase>validate</phase><goals><goal>copy</goal></goals><configuration><outputDirectory>\${project.build.directory}/out</outputDirectory><artifactItems>${item}</artifactItems></configuration></execution></executions></plugin></plugins></build></project>`;
      mkdirSync(path.join(dir, `a${i}`));
      writeFileSync(path.join(dir, `a${i}`, 'pom.xml'), pom);
      return `<module>a${i}</module>`;
    });
    writeFileSync(path.join(dir, 'pom.xml'), `${POM_HEAD}<modules>${modules.join('')}</modules></project>`);
    process.stderr.write(`resolving ${missing.length} artifact(s) through Maven...\n`);
    const r = spawnSync('mvn', ['-B', '-ntp', '-U', '-fae', 'validate'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
    if (process.env.DERIVE_DEBUG) process.stderr.write(r.stdout + r.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const still = missing.filter((a) => !existsSync(artifactFile(a)));
  for (const a of still) notServed.add(coordinate(a));
  return still;
}

/**
 * Every version of groupId:artifactId that the repository's metadata lists: Maven resolves `range`
 * (a pom dependency) to fetch the metadata, which also brings the poms in the range.
 */
export function servedVersions(groupId: string, artifactId: string, range: string, offline: boolean): string[] {
  const dir = path.join(localRepository(), ...groupId.split('.'), artifactId);
  const files = () => (existsSync(dir) ? readdirSync(dir).filter((f) => /^maven-metadata-.+\.xml$/.test(f)) : []);
  if (!offline) {
    const pom = `${POM_HEAD}<dependencies><dependency><groupId>${groupId}</groupId><artifactId>${artifactId}</artifactId><version>${xmlEscape(range)}</version><type>pom</type></dependency></dependencies></project>`;
    runMaven(pom, 'dependency:resolve');
  }
  if (files().length === 0) throw new Error(`no Maven metadata for ${groupId}:${artifactId} in ${dir}; run npm run derive-data to resolve it`);
  const versions = new Set<string>();
  for (const f of files()) for (const m of readFileSync(path.join(dir, f), 'utf8').matchAll(/<version>([^<]+)<\/version>/g)) versions.add(m[1]!.trim());
  return [...versions];
}
