// Composes the 2.7 -> 3.0 property rows with the rows of each later minor up to the target, so a
// key takes every step in one edit: spring.a (2.7) -> spring.b (3.0) -> spring.c (3.2) is one
// rename spring.a -> spring.c; a 3.0 key a later minor removes becomes a removal of the 2.7 key;
// the later minors' own rows follow (the earliest row for a key wins: a 2.7 key's fate is decided
// by the 3.0 rows, then followed).
import type { PropertiesSection, PropertyConversion, PropertyPrefixRename, PropertyRemoval, PropertyRename } from './sections/properties.js';
import type { TargetStep } from './sections/targets.js';
import { canonicalKey } from '../properties/resolve.js';

type Fate =
  | { kind: 'key'; key: string; via: string[] }
  | { kind: 'removed'; row: PropertyRemoval & { since: string }; minor: string; via: string[] }
  | { kind: 'convert'; row: PropertyConversion & { since: string }; minor: string; via: string[] };

interface StepIndex {
  minor: string;
  rename: Map<string, PropertyRename>;
  remove: Map<string, PropertyRemoval & { since: string }>;
  removePrefix: (PropertyRemoval & { since: string })[];
  convert: Map<string, PropertyConversion & { since: string }>;
  prefixes: PropertyPrefixRename[];
}

function indexStep(s: TargetStep): StepIndex {
  const exactRemove = s.properties.remove.filter((r) => !r.prefix);
  return {
    minor: s.minor,
    rename: new Map(s.properties.rename.map((r) => [canonicalKey(r.from), r])),
    remove: new Map(exactRemove.map((r) => [canonicalKey(r.key), r])),
    removePrefix: s.properties.remove.filter((r) => r.prefix),
    convert: new Map(s.properties.convert.flatMap((r) => r.from.map((f) => [canonicalKey(f), r] as const))),
    prefixes: [...s.properties.renamePrefix].sort((a, b) => b.from.length - a.from.length),
  };
}

function startsWithKey(key: string, prefix: string): boolean {
  // prefix ends with '.'; compare canonically
  return canonicalKey(key).startsWith(canonicalKey(prefix.slice(0, -1)) + '.');
}

/** Where `key` ends after the steps from `from` on. */
function fate(steps: StepIndex[], key: string, from = 0): Fate {
  const via: string[] = [];
  let current = key;
  for (let i = from; i < steps.length; i++) {
    const s = steps[i]!;
    const c = canonicalKey(current);
    const removed = s.remove.get(c) ?? s.removePrefix.find((r) => c === canonicalKey(r.key) || c.startsWith(canonicalKey(r.key) + '.'));
    if (removed) return { kind: 'removed', row: removed, minor: s.minor, via };
    const conv = s.convert.get(c);
    if (conv) return { kind: 'convert', row: conv, minor: s.minor, via };
    const ren = s.rename.get(c);
    if (ren) {
      current = ren.to;
      via.push(`${s.minor}: ${ren.to}`);
      continue;
    }
    const prefix = s.prefixes.find((p) => startsWithKey(current, p.from));
    if (prefix) {
      current = prefix.to + current.slice(prefix.from.length);
      via.push(`${s.minor}: ${current}`);
    }
  }
  return { kind: 'key', key: current, via };
}

function removalFrom(key: string, level: 'error' | 'warning', f: Extract<Fate, { kind: 'removed' }>, through: string): PropertyRemoval {
  const { since: _since, ...row } = f.row;
  return { ...row, key, level: f.row.level === 'error' ? 'error' : level, reason: `${through} was removed in Spring Boot ${f.minor}: ${f.row.reason}`, since: f.minor, source: `${row.source}` };
}

export function composeProperties(base: PropertiesSection, steps: TargetStep[]): PropertiesSection {
  const idx = steps.map(indexStep);
  const rename: PropertyRename[] = [];
  const remove: PropertyRemoval[] = [];
  const convert: PropertyConversion[] = [];
  const renamePrefix: PropertyPrefixRename[] = [];
  const decided = new Set<string>();
  const claim = (key: string) => {
    const c = canonicalKey(key);
    if (decided.has(c)) return false;
    decided.add(c);
    return true;
  };

  // a later minor's own row for the very key (Boot's metadata naming where it goes) beats a removal
  // reached through the key's earlier successor
  const explicitLater = (key: string, start: number): PropertyRename | undefined => {
    for (let i = start; i < idx.length; i++) {
      const r = idx[i]!.rename.get(canonicalKey(key));
      if (r) return r;
    }
    return undefined;
  };
  const laterConvert = (key: string): (PropertyConversion & { since: string }) | undefined => idx.map((s) => s.convert.get(canonicalKey(key))).find((c) => c !== undefined);
  const addRename = (row: PropertyRename, start: number) => {
    const f = fate(idx, row.to, start);
    const later = f.kind === 'removed' ? explicitLater(row.from, 0) : undefined;
    const conv = f.kind === 'removed' && !later ? laterConvert(row.from) : undefined;
    if (conv) {
      convert.push({ ...stripSince(conv), from: [row.from] });
    } else if (later) {
      const g = fate(idx, later.to, idx.findIndex((s) => s.rename.get(canonicalKey(row.from)) === later) + 1);
      rename.push({ ...row, to: g.kind === 'key' ? g.key : later.to, source: `${later.source}` });
    } else if (f.kind === 'key') {
      rename.push(f.via.length ? { ...row, to: f.key, source: `${row.source}; then ${f.via.join(', ')}` } : row);
    } else if (f.kind === 'removed') {
      remove.push(removalFrom(row.from, row.level, f, f.via.length ? `its successor ${row.to} (then ${f.via.join(', ')})` : `its successor ${row.to}`));
    } else {
      const { since: _since, ...conv } = f.row;
      convert.push({ ...conv, from: [row.from], reason: `${row.from} -> ${row.to}, then in Spring Boot ${f.minor}: ${conv.reason}` });
    }
  };

  // 2.7 keys: the 3.0 rows decide, the later minors follow
  for (const row of base.rename) {
    claim(row.from);
    addRename(row, 0);
  }
  for (const row of base.remove) {
    if (!row.prefix) claim(row.key);
    remove.push(row);
  }
  for (const row of base.convert) {
    for (const f of row.from) claim(f);
    const f = fate(idx, row.to);
    if (f.kind === 'key') convert.push(f.via.length ? { ...row, to: f.key } : row);
    else if (f.kind === 'removed') for (const from of row.from) remove.push(removalFrom(from, row.level, f, `its successor ${row.to}`));
    else convert.push({ ...row, convert: 'report', to: f.row.to, reason: `${row.reason} Then in Spring Boot ${f.minor}: ${f.row.reason}` });
  }
  for (const row of base.renamePrefix) {
    const head = fate(idx, row.to + 'x'); // where the prefix itself goes (a later prefix rename)
    const to = head.kind === 'key' ? head.key.slice(0, -1) : row.to;
    renamePrefix.push(to === row.to ? row : { ...row, to, source: `${row.source}; then ${head.kind === 'key' ? head.via.join(', ') : ''}` });
    // exact rows of later minors below the prefix's target: the 2.7 key below the old prefix takes them too
    for (const [i, s] of idx.entries()) {
      for (const r of [...s.rename.values()].filter((x) => startsWithKey(x.from, row.to))) {
        const from = row.from + r.from.slice(row.to.length);
        if (claim(from) && !from.includes('*')) addRename({ ...r, from, source: `${row.source}; then ${s.minor}: ${r.source}` }, i);
      }
      for (const r of [...s.remove.values()].filter((x) => startsWithKey(x.key, row.to))) {
        const from = row.from + r.key.slice(row.to.length);
        if (!claim(from) || from.includes('*')) continue;
        const later = explicitLater(from, 0);
        const conv = later ? undefined : laterConvert(from);
        if (later) addRename({ ...later, from }, idx.findIndex((x) => x.rename.get(canonicalKey(from)) === later) + 1);
        else if (conv) convert.push({ ...stripSince(conv), from: [from] });
        else remove.push(removalFrom(from, 'error', { kind: 'removed', row: r, minor: s.minor, via: [] }, r.key));
      }
    }
  }

  // keys of 3.0 and later: each minor's own rows, composed with the minors after it
  for (const [i, s] of steps.entries()) {
    for (const row of s.properties.rename) if (claim(row.from)) addRename(stripSince(row), i + 1);
    for (const row of s.properties.remove) if (row.prefix || claim(row.key)) remove.push({ ...stripSince(row), since: s.minor });
    for (const row of s.properties.convert) if (row.from.every(claim)) convert.push(stripSince(row));
    for (const row of s.properties.renamePrefix) {
      const head = fate(idx, row.to + 'x', i + 1);
      renamePrefix.push(head.kind === 'key' && head.via.length ? { ...stripSince(row), to: head.key.slice(0, -1) } : stripSince(row));
    }
  }
  const sortBy = <T>(rows: T[], key: (r: T) => string) => rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return {
    ...base,
    rename: sortBy(rename, (r) => r.from),
    renamePrefix: sortBy(renamePrefix, (r) => r.from),
    remove: sortBy(remove, (r) => r.key),
    convert: sortBy(convert, (r) => r.from[0]!),
  };
}

function stripSince<T extends { since: string }>(row: T): Omit<T, 'since'> {
  const { since: _since, ...rest } = row;
  return rest;
}
