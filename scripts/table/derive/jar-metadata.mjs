// Reading published Spring jars for the facts under scripts/table/facts: the configuration
// metadata a jar ships and the property names its classes test. Used by the derive scripts
// beside this one; needs mvn (to fetch a jar into the local repository when absent) and unzip.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** `--repo DIR` from the command line, else Maven's default local repository. */
export function localRepository(argv) {
  const at = argv.indexOf('--repo');
  return at >= 0 && argv[at + 1] ? argv[at + 1] : path.join(os.homedir(), '.m2', 'repository');
}

/** The jar's path in the local repository, fetched from Maven Central first when absent. */
export function jarOf(repo, group, artifact, version) {
  const jar = path.join(repo, ...group.split('.'), artifact, version, `${artifact}-${version}.jar`);
  if (!existsSync(jar)) execFileSync('mvn', ['-B', '-q', 'dependency:get', `-Dartifact=${group}:${artifact}:${version}`, '-Dtransitive=false', `-Dmaven.repo.local=${repo}`], { stdio: 'inherit' });
  return jar;
}

export const sha1Of = (jar) => createHash('sha1').update(readFileSync(jar)).digest('hex');

/** The jar's address on Maven Central. */
export const centralPath = (group, artifact, version) => `https://repo1.maven.org/maven2/${group.replace(/\./g, '/')}/${artifact}/${version}/${artifact}-${version}.jar`;

const unzip = (jar, ...entries) => execFileSync('unzip', ['-p', jar, ...entries], { maxBuffer: 64 * 1024 * 1024 });
const list = (jar) => execFileSync('unzip', ['-Z1', jar], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }).split('\n').filter(Boolean);

/**
 * Property names of both metadata files, with type, description and deprecation (the generated
 * file wins over the additional one). `keep` filters by name.
 */
export function metadata(jar, keep = () => true) {
  const byName = new Map();
  const entries = new Set(list(jar));
  for (const file of ['META-INF/additional-spring-configuration-metadata.json', 'META-INF/spring-configuration-metadata.json']) {
    if (!entries.has(file)) continue;
    for (const p of JSON.parse(unzip(jar, file).toString('utf8')).properties ?? []) {
      if (!keep(p.name)) continue;
      const before = byName.get(p.name);
      byName.set(p.name, { name: p.name, type: p.type ?? before?.type ?? null, description: p.description ?? before?.description ?? null, ...(p.deprecation ?? before?.deprecation ? { deprecation: p.deprecation ?? before.deprecation } : {}) });
    }
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}

/**
 * Strings under `prefix` in the classes' constant pools: a class file stores each as a
 * CONSTANT_Utf8 entry (tag 1, two bytes of length, the bytes). Names of types
 * (`feign.okhttp.OkHttpClient`) are left out by their capitalised last segment.
 */
export function conditionKeys(jar, prefix) {
  const keys = new Map();
  for (const entry of list(jar).filter((e) => e.endsWith('.class'))) {
    const bytes = unzip(jar, entry);
    const cls = entry.slice(0, -'.class'.length).replace(/\//g, '.');
    for (let i = 0; i + 3 < bytes.length; i++) {
      if (bytes[i] !== 1) continue;
      const len = bytes.readUInt16BE(i + 1);
      if (len < prefix.length || i + 3 + len > bytes.length) continue;
      const text = bytes.toString('latin1', i + 3, i + 3 + len);
      if (!text.startsWith(prefix) || !/^[a-z0-9.\-A-Z]+$/.test(text) || /\.[A-Z][A-Za-z0-9]*$/.test(text)) continue;
      keys.set(text, [...new Set([...(keys.get(text) ?? []), cls])].sort());
      i += 2 + len;
    }
  }
  return [...keys].map(([name, classes]) => ({ name, classes })).sort((a, b) => (a.name < b.name ? -1 : 1));
}
