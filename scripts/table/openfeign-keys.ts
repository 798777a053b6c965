// Spring Cloud OpenFeign's keys: the 3.1 line (2021.0 train, Boot 2.7) reads feign.*, the 4.0 line
// (2022.0 train, Boot 3.0) only spring.cloud.openfeign.*. The facts are both jars' configuration
// metadata and the keys their classes test (scripts/table/facts/spring-cloud-openfeign-keys.json,
// from scripts/table/derive/openfeign-keys.mjs); this builder maps one line onto the other:
// - a @ConfigurationProperties prefix of 3.1 (a key its classes name that other keys extend:
//   feign.client, feign.httpclient...) moves whole, map keys (feign.client.config.<name>) included;
// - any other key moves to the same name under the new prefix when 4.0 has it;
// - a key 4.0 has under another name is listed in RENAMED with the evidence;
// - a key with no 4.0 counterpart is kept without `to` (reported), with the classes that read it;
// - a key 4.0 still lists but no 4.0 class tests any more moves with a note naming what is gone.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenFeignConfig, OpenFeignKey } from '../../src/table/sections/library-config.js';

interface Line {
  coordinates: string;
  train: string;
  prefix: string;
  source: string;
  properties: { name: string; type: string | null; description: string | null }[];
  conditions: { name: string; classes: string[] }[];
}

const FACTS = 'spring-cloud-openfeign-keys.json';

/**
 * Keys 4.0 reads under another name. Each must be in the facts: the old key tested by the first
 * class, the new one by the second (the same configuration, renamed with its property).
 */
const RENAMED: { from: string; to: string; oldClass: string; newClass: string }[] = [
  {
    from: 'feign.metrics.enabled',
    to: 'spring.cloud.openfeign.micrometer.enabled',
    oldClass: 'org.springframework.cloud.openfeign.FeignClientsConfiguration$MetricsConfiguration',
    newClass: 'org.springframework.cloud.openfeign.FeignClientsConfiguration$MicrometerConfiguration',
  },
];

/** What remains for a key whose readers 4.0 dropped, with the 4.0 key that must exist for it to hold. */
const INSTEAD: Record<string, { text: string; needs: string }> = {
  'feign.httpclient.enabled': {
    text: 'Apache HttpClient 4 is not supported any more; io.github.openfeign:feign-hc5 with spring.cloud.openfeign.httpclient.hc5.enabled=true is the Apache client 4.0 configures',
    needs: 'spring.cloud.openfeign.httpclient.hc5.enabled',
  },
};

const simpleClass = (fq: string) => fq.slice(fq.lastIndexOf('.') + 1);

export function buildOpenFeign(): OpenFeignConfig {
  const facts = JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'facts', FACTS), 'utf8')) as { old: Line; new: Line };
  const { old, new: next } = facts;
  const suffix = (name: string, line: Line) => name.slice(line.prefix.length);
  const oldProps = old.properties.map((p) => p.name);
  const newNames = new Set([...next.properties.map((p) => p.name), ...next.conditions.map((c) => c.name)]);
  const newTested = new Map(next.conditions.map((c) => [c.name, c.classes]));
  const oldTested = new Map(old.conditions.map((c) => [c.name, c.classes]));
  const src = (line: Line) => line.source.slice(0, line.source.indexOf('.jar') + '.jar'.length);
  const both = `${src(old)}; ${src(next)}`;

  // @ConfigurationProperties prefixes: names the classes hold that properties extend
  const prefixes = old.conditions.map((c) => c.name).filter((n) => oldProps.some((p) => p.startsWith(n + '.')));
  const keys: OpenFeignKey[] = [];
  for (const p of prefixes) {
    const to = next.prefix + suffix(p, old);
    if (!newNames.has(to)) throw new Error(`${FACTS}: ${p} has no ${to} in ${next.coordinates}`);
    keys.push({ from: `${p}.`, to: `${to}.`, source: both });
  }
  const underPrefix = (name: string) => prefixes.some((p) => name.startsWith(p + '.'));
  const names = [...new Set([...oldProps, ...old.conditions.map((c) => c.name)])].filter((n) => !prefixes.includes(n)).sort();
  for (const name of names) {
    const renamed = RENAMED.find((r) => r.from === name);
    const to = renamed?.to ?? next.prefix + suffix(name, old);
    if (renamed) {
      if (!oldTested.get(name)?.includes(renamed.oldClass) || !newTested.get(to)?.includes(renamed.newClass)) throw new Error(`${FACTS}: ${name} -> ${to} is not read by ${simpleClass(renamed.oldClass)} -> ${simpleClass(renamed.newClass)}`);
      keys.push({ from: name, to, source: `${both} (read by ${simpleClass(renamed.oldClass)}, renamed ${simpleClass(renamed.newClass)} in 4.0)` });
      continue;
    }
    if (!newNames.has(to)) {
      const readers = (oldTested.get(name) ?? []).map(simpleClass);
      keys.push({ from: name, note: `Spring Cloud OpenFeign ${next.coordinates.split(':')[2]} has no such key${readers.length ? ` (${readers.join(', ')}, which read it, are gone)` : ''}`, source: both });
      continue;
    }
    // 4.0 lists the key, but no 4.0 class tests it any more while 3.1 classes did
    const lostReaders = oldTested.has(name) && !newTested.has(to) ? oldTested.get(name)!.map(simpleClass) : [];
    if (lostReaders.length) {
      const instead = INSTEAD[name];
      if (instead && !newTested.has(instead.needs)) throw new Error(`${FACTS}: ${instead.needs} is read by no class of ${next.coordinates}`);
      keys.push({ from: name, to, note: `no class of Spring Cloud OpenFeign ${next.coordinates.split(':')[2]} reads it: ${lostReaders.join(', ')} are gone${instead ? `; ${instead.text}` : ''}`, source: both });
      continue;
    }
    if (!underPrefix(name)) keys.push({ from: name, to, source: both });
  }
  return {
    prefix: old.prefix,
    to: next.prefix,
    train: next.train.split('.').slice(0, 2).join('.'),
    version: next.coordinates.split(':')[2]!,
    artifacts: ['spring-cloud-starter-openfeign', 'spring-cloud-openfeign-core'],
    keys,
    source: both,
  };
}
