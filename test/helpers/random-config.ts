// Seeded random configuration documents for differential tests (test/settles-config.test.ts):
// application.yml and application.properties files built from the table's own keys (old and
// new names, removed keys, conversions, value changes, profile keys) and a few unrelated ones,
// in the shapes real files have: nested and dotted keys mixed, the same property spelled twice,
// lists, flow collections, comments, blank lines, several documents with profiles, CRLF, a BOM,
// and now and then a broken line. Deterministic for a seed, so a failure can be replayed.
import type { MigrationTable } from '../../src/table/types.js';

/** mulberry32: a small seeded generator (the tests need repeatable, not strong, randomness). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(r: Random, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const chance = (r: Random, p: number) => r() < p;

/** What the documents are made of, from the table: keys, values, and the observability rows' names. */
export interface Vocabulary {
  keys: string[];
  values: string[];
  /** Items of a list value. */
  items: string[];
  /** Log patterns for logback XML (Sleuth 2's MDC keys and their successors). */
  logPatterns: string[];
  sleuthArtifacts: readonly string[];
}

// Spring keys properties/trace-id-pattern reads that no table row names, and a few no rule touches
const PLAIN_KEYS = ['server.port', 'app.name', 'app.feature.enabled', 'spring.application.name', 'logging.level.root', 'management.endpoints.web.base-path'];
const LOG_PATTERN_KEYS = ['logging.pattern.level', 'logging.pattern.console', 'logging.pattern.file', 'spring.sleuth.enabled'];
const SCALARS = ['true', 'false', '8080', '30s', 'x', 'a,b', 'job1', 'job1,job2', 'always', 'never', 'embedded', 'localhost', 'localhost:61616', '${OTHER_VALUE:fallback}', 'classpath:db/migration', '"quoted value"', "'single'", 'é-value', '', '~'];

/** Every key the table's properties section names, its endpoint ids and Sleuth's MDC keys, and some plain values. */
export function vocabulary(table: MigrationTable): Vocabulary {
  const p = table.properties;
  const keys = new Set<string>([...PLAIN_KEYS, ...LOG_PATTERN_KEYS]);
  for (const r of p.rename) keys.add(r.from).add(r.to);
  for (const r of p.renamePrefix) {
    keys.add(`${r.from}enabled`).add(`${r.from}step`).add(`${r.to}enabled`);
  }
  for (const r of p.remove) keys.add(r.key);
  for (const c of p.convert) {
    for (const f of c.from) keys.add(f);
    keys.add(c.to);
  }
  for (const v of p.values) for (const k of v.keys) keys.add(k);
  for (const k of p.profileSpecificForbidden) keys.add(k);
  const endpoints = [...new Set(p.values.flatMap((v) => (v.to ? [v.from, v.to] : [v.from])))];
  const rows = table.libraries?.observability.logPattern;
  const legacy = rows?.legacyMdcKeys ?? [];
  const logPatterns = [
    `%5p [app,${legacy.slice(0, 2).map((k) => `%X{${k.key}:-}`).join(',')}]`,
    `%d ${legacy.slice(2).map((k) => `%X{${k.key}}`).join(' ')} %m%n`,
    `%5p [\${spring.application.name:},${legacy.flatMap((k) => (k.to ? [`%X{${k.to}:-}`] : [])).join(',')}]`,
  ];
  return {
    keys: [...keys].sort(),
    values: [...SCALARS, ...logPatterns.map((t) => JSON.stringify(t)), ...endpoints, endpoints.join(','), `health,${endpoints[0]}`],
    items: ['job1', 'job2', 'health', 'info', '8080', ...endpoints],
    logPatterns,
    sleuthArtifacts: rows?.sleuthArtifacts ?? [],
  };
}

const PROFILES = ['dev', 'prod', 'test', 'local'];

interface Node {
  [key: string]: Node | string | string[];
}

/** A key split into groups of segments: `a.b.c` as [a][b.c], [a.b][c], [a.b.c]... */
function grouping(r: Random, key: string): string[] {
  const parts = key.split('.');
  const out: string[] = [];
  let cur = parts[0]!;
  for (const part of parts.slice(1)) {
    if (chance(r, 0.75)) {
      out.push(cur);
      cur = part;
    } else cur += `.${part}`;
  }
  out.push(cur);
  return out;
}

function insert(root: Node, path: string[], value: string | string[]): void {
  let node = root;
  for (const seg of path.slice(0, -1)) {
    const next = node[seg];
    if (next === undefined) node = node[seg] = {};
    else if (typeof next === 'object' && !Array.isArray(next)) node = next;
    else return; // a scalar already stands here: this spelling is left out
  }
  const last = path[path.length - 1]!;
  if (node[last] === undefined) node[last] = value;
}

function randomValue(r: Random, v: Vocabulary): string | string[] {
  // an empty value (`key:`), often last in its map: the yaml package's range of that map runs on
  // past the comments after it, which moves must not follow
  if (chance(r, 0.1)) return '';
  if (chance(r, 0.12)) return Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(r, v.items));
  return pick(r, v.values);
}

function yamlLines(r: Random, node: Node, indent: string, step: string, out: string[]): void {
  for (const [key, value] of Object.entries(node)) {
    if (chance(r, 0.08)) out.push(`${indent}# about ${key}`);
    if (chance(r, 0.05)) out.push('');
    const comment = chance(r, 0.06) ? ' # trailing' : '';
    if (Array.isArray(value)) {
      if (chance(r, 0.4)) out.push(`${indent}${key}: [${value.join(', ')}]${comment}`);
      else {
        out.push(`${indent}${key}:${comment}`);
        const dash = chance(r, 0.5) ? indent + step : indent;
        for (const v of value) out.push(`${dash}- ${v}`);
      }
    } else if (typeof value === 'object') {
      const leaves = Object.values(value);
      if (leaves.length > 0 && leaves.length < 3 && leaves.every((v) => typeof v === 'string' && v !== '' && !v.includes(',') && !v.includes(':')) && chance(r, 0.15)) {
        out.push(`${indent}${key}: { ${Object.entries(value).map(([k, v]) => `${k}: ${v as string}`).join(', ')} }${comment}`);
      } else {
        out.push(`${indent}${key}:${comment}`);
        yamlLines(r, value, indent + step, step, out);
      }
    } else out.push(`${indent}${key}: ${value}${comment}`.trimEnd());
  }
}

function chooseKeys(r: Random, keys: readonly string[], size: number): string[] {
  return Array.from({ length: size }, () => pick(r, keys));
}

/** A random application.yml of 1–3 documents. */
export function randomYaml(r: Random, v: Vocabulary): string {
  const docs: string[] = [];
  const count = chance(r, 0.3) ? 2 + Math.floor(r() * 2) : 1;
  const step = chance(r, 0.7) ? '  ' : '    ';
  for (let d = 0; d < count; d++) {
    const root: Node = {};
    if (d > 0 && chance(r, 0.6)) {
      const profile = pick(r, PROFILES);
      if (chance(r, 0.5)) insert(root, ['spring', 'config', 'activate', 'on-profile'], profile);
      else insert(root, ['spring', 'profiles'], profile);
    }
    for (const key of chooseKeys(r, v.keys, 1 + Math.floor(r() * 8))) {
      insert(root, grouping(r, key), randomValue(r, v));
      // the same property spelled a second way (nested and dotted), as merged files have it
      if (chance(r, 0.15)) insert(root, grouping(r, key), randomValue(r, v));
    }
    const lines: string[] = [];
    if (chance(r, 0.2)) lines.push('# generated');
    yamlLines(r, root, '', step, lines);
    docs.push(lines.join('\n'));
  }
  let text = docs.join('\n---\n') + (chance(r, 0.9) ? '\n' : '');
  if (chance(r, 0.03)) text = text.replace(/\n {2}/, '\n\t'); // a tab where YAML wants spaces: unparseable
  return finish(r, text);
}

/** A random application.properties, now and then with `#---` documents. */
export function randomProperties(r: Random, v: Vocabulary): string {
  const lines: string[] = [];
  const docs = chance(r, 0.2) ? 2 : 1;
  for (let d = 0; d < docs; d++) {
    if (d > 0) {
      lines.push('#---');
      if (chance(r, 0.7)) lines.push(`spring.config.activate.on-profile=${pick(r, PROFILES)}`);
    }
    for (const key of chooseKeys(r, v.keys, 1 + Math.floor(r() * 8))) {
      if (chance(r, 0.08)) lines.push(pick(r, ['# a comment', '! another', '']));
      const value = randomValue(r, v);
      const sep = pick(r, ['=', '=', ' = ', ': ', ' ']);
      if (Array.isArray(value)) {
        if (chance(r, 0.5)) value.forEach((v, i) => lines.push(`${key}[${i}]${sep}${v}`));
        else lines.push(`${key}${sep}${value.join(',\\\n    ')}`);
      } else lines.push(`${key}${sep}${value}`.trimEnd());
      if (chance(r, 0.05)) lines.push(`${key}=${pick(r, v.values)}`); // the same key twice: the last wins
    }
  }
  return finish(r, lines.join('\n') + (chance(r, 0.9) ? '\n' : ''));
}

function finish(r: Random, text: string): string {
  let out = text;
  if (chance(r, 0.1)) out = out.replace(/\n/g, '\r\n');
  if (chance(r, 0.03)) out = `\uFEFF${out}`;
  return out;
}

// a build as users have them; Sleuth's artifacts come from the table (the log pattern rule reads them)
const POM_DEPENDENCIES = [
  ['org.springframework.boot', 'spring-boot-starter-web'],
  ['javax.servlet', 'javax.servlet-api'],
  ['io.springfox', 'springfox-boot-starter'],
  ['org.springdoc', 'springdoc-openapi-ui'],
  ['com.example', 'acme-spring-boot-starter'],
  ['org.hibernate', 'hibernate-core'],
  ['mysql', 'mysql-connector-java'],
] as const;

/** A module's pom.xml: Boot 2.7 parent or none, some properties, a few dependencies (Sleuth among them now and then). */
export function randomPom(r: Random, name: string, v: Vocabulary): string {
  const sleuth = v.sleuthArtifacts.map((a) => ['org.springframework.cloud', a] as const);
  const deps = [...sleuth, ...POM_DEPENDENCIES].filter(() => chance(r, 0.3)).map(([g, a]) => {
    const version = g === 'org.springframework.boot' || chance(r, 0.5) ? '' : `\n      <version>${pick(r, ['1.0.0', '${lib.version}', '2.4.0'])}</version>`;
    return `    <dependency>\n      <groupId>${g}</groupId>\n      <artifactId>${a}</artifactId>${version}\n    </dependency>`;
  });
  const parent = chance(r, 0.7) ? `  <parent>\n    <groupId>org.springframework.boot</groupId>\n    <artifactId>spring-boot-starter-parent</artifactId>\n    <version>${pick(r, ['2.7.18', '2.7.5', '2.6.3'])}</version>\n  </parent>\n` : '';
  const props = chance(r, 0.6) ? `  <properties>\n    <java.version>${pick(r, ['1.8', '11', '17'])}</java.version>${chance(r, 0.4) ? `\n    <spring-cloud.version>2021.0.8</spring-cloud.version>` : ''}\n  </properties>\n` : '';
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns="http://maven.apache.org/POM/4.0.0">\n  <modelVersion>4.0.0</modelVersion>\n${parent}  <artifactId>${name}</artifactId>\n${props}  <dependencies>\n${deps.join('\n')}\n  </dependencies>\n</project>\n`;
  return finish(r, text);
}

/** logback-spring.xml with a pattern naming Sleuth 2's MDC keys, or not. */
export function randomLogback(r: Random, v: Vocabulary): string {
  const pattern = pick(r, v.logPatterns);
  return finish(r, `<configuration>\n  <appender name="OUT" class="ch.qos.logback.core.ConsoleAppender">\n    <encoder>\n      <pattern>${pattern}</pattern>\n    </encoder>\n  </appender>\n</configuration>\n`);
}

/** persistence.xml in the javax or the jakarta namespace, with javax properties or not. */
export function randomPersistence(r: Random): string {
  const jakarta = chance(r, 0.3);
  const ns = jakarta ? 'https://jakarta.ee/xml/ns/persistence' : 'http://xmlns.jcp.org/xml/ns/persistence';
  const props = ['javax.persistence.jdbc.url', 'javax.persistence.schema-generation.database.action', 'hibernate.dialect'].filter(() => chance(r, 0.6));
  const body = props.map((p) => `      <property name="${p}" value="x"/>`).join('\n');
  return finish(r, `<?xml version="1.0" encoding="UTF-8"?>\n<persistence xmlns="${ns}" version="${jakarta ? '3.0' : '2.2'}">\n  <persistence-unit name="u">\n    <class>com.example.Thing</class>\n    <properties>\n${body}\n    </properties>\n  </persistence-unit>\n</persistence>\n`);
}
