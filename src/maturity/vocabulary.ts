// The grader's word lists (vocabulary.json) merged with a project's --config file, and the
// path helpers built on them: splitting segments into words, spotting actions, matching globs.
import { readFileSync } from 'node:fs';
import data from './vocabulary.json' with { type: 'json' };

export type VerbMethod = 'read' | 'list' | 'create' | 'update' | 'patch' | 'delete';
export type PathOverride = 'resource' | 'action' | 'ignore';

export interface Vocabulary {
  verbs: Set<string>;
  nouns: Set<string>;
  rpcFields: Set<string>;
  soapMediaTypes: string[];
  hypermediaMediaTypes: string[];
  hypermediaTypes: string[];
  linkBuilders: string[];
  linkFields: string[];
  excludedPaths: string[];
  excludedHandlers: string[];
  /** verb -> the method its fix uses: read, list, create, update, patch, delete. */
  verbMethods: Map<string, VerbMethod>;
  /** The CRUD verbs (every verb of verbMethods). */
  crudVerbs: Set<string>;
  getActions: Set<string>;
  compoundVerbs: Set<string>;
  /** Endings that make a word a verb (`-ize`, `-ify`). */
  verbSuffixes: string[];
  tunnelSegments: string[];
  prefixSegments: string[];
  subResourceNouns: Set<string>;
  fileExtensions: string[];
  /** Last labels that make a dotted segment a domain name (`k8s.io`): an API group, not a procedure. */
  domainSuffixes: string[];
  /** `.json`, `.do`...: a format suffix, stripped before a segment is read as words. */
  extensionPattern: RegExp;
  fillerWords: string[];
  criteriaWords: string[];
  operationFields: string[];
  /** Per-path overrides from the config file: glob -> how to treat the path. */
  overrides: { glob: string; as: PathOverride }[];
  includeFramework: boolean;
}

export interface MaturityConfig {
  verbs?: string[];
  nouns?: string[];
  rpcFields?: string[];
  exclude?: string[];
  paths?: Record<string, PathOverride>;
}

const lower = (xs: string[]) => xs.map((x) => x.toLowerCase());

export function defaultVocabulary(): Vocabulary {
  return {
    verbs: new Set(lower(data.verbs)),
    nouns: new Set(lower(data.nouns)),
    rpcFields: new Set(lower(data.rpcFields)),
    soapMediaTypes: data.soapMediaTypes,
    hypermediaMediaTypes: data.hypermediaMediaTypes,
    hypermediaTypes: data.hypermediaTypes,
    linkBuilders: data.linkBuilders,
    linkFields: data.linkFields,
    excludedPaths: data.excludedPaths,
    excludedHandlers: data.excludedHandlers,
    verbMethods: new Map(Object.entries(data.verbMethods).flatMap(([m, vs]) => vs.map((x) => [x, m as VerbMethod] as const))),
    crudVerbs: new Set(Object.values(data.verbMethods).flat()),
    getActions: new Set(data.getActions),
    compoundVerbs: new Set(data.compoundVerbs),
    verbSuffixes: data.verbSuffixes,
    tunnelSegments: data.tunnelSegments,
    prefixSegments: data.prefixSegments,
    subResourceNouns: new Set(data.subResourceNouns),
    fileExtensions: data.fileExtensions,
    domainSuffixes: data.domainSuffixes,
    extensionPattern: new RegExp(`\\.(${data.fileExtensions.join('|')})$`, 'i'),
    fillerWords: data.fillerWords,
    criteriaWords: data.criteriaWords,
    operationFields: data.operationFields,
    overrides: [],
    includeFramework: false,
  };
}

/** Reads a --config file; throws an Error with one line naming the file and the problem. */
export function loadConfig(file: string, base: Vocabulary): Vocabulary {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: cannot read maturity config: ${(e as Error).message.split('\n')[0]}`);
  }
  const problem = validateConfig(raw);
  if (problem) throw new Error(`${file}: ${problem}`);
  const c = raw as MaturityConfig;
  return {
    ...base,
    verbs: new Set([...base.verbs, ...lower(c.verbs ?? [])]),
    nouns: new Set([...base.nouns, ...lower(c.nouns ?? [])]),
    rpcFields: new Set([...base.rpcFields, ...lower(c.rpcFields ?? [])]),
    excludedPaths: [...base.excludedPaths, ...(c.exclude ?? [])],
    overrides: Object.entries(c.paths ?? {}).map(([glob, as]) => ({ glob, as })),
  };
}

function validateConfig(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'maturity config must be a JSON object';
  const known = new Set(['$comment', 'verbs', 'nouns', 'rpcFields', 'exclude', 'paths']);
  for (const [k, v] of Object.entries(raw)) {
    if (!known.has(k)) return `unknown key '${k}' (known: verbs, nouns, rpcFields, exclude, paths)`;
    if (k === 'paths') {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return `'paths' must map a path glob to "resource", "action" or "ignore"`;
      for (const [g, as] of Object.entries(v)) if (!['resource', 'action', 'ignore'].includes(as as string)) return `paths['${g}'] must be "resource", "action" or "ignore", not ${JSON.stringify(as)}`;
    } else if (k !== '$comment' && (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))) return `'${k}' must be an array of strings`;
  }
  return undefined;
}

/** A verb: on the list, or built like one (`anonymize`, `finalize`, `verify`: verbSuffixes). */
export function isVerb(word: string, v: Vocabulary): boolean {
  return v.verbs.has(word) || v.verbSuffixes.some((x) => word.length > x.length + 2 && word.endsWith(x));
}

/** `{id}`, `{id}.json` (a format suffix on an item), `*`, `:id` (Express style). */
export const isParam = (segment: string) => /^\{[^}]*\}(\.[A-Za-z]+)?$/.test(segment) || segment === '*' || segment === '**' || segment.startsWith(':');

export function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** `getUserById` -> [get, user, by, id]; `user-update` -> [user, update]. */
export function words(segment: string): string[] {
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s\-_.]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** Path glob: `*` one segment, `**` any number of segments; `{x}` in a glob matches any parameter. */
export function matchGlob(glob: string, path: string): boolean {
  const g = segments(glob);
  const p = segments(path);
  const match = (i: number, j: number): boolean => {
    if (i === g.length) return j === p.length;
    if (g[i] === '**') return match(i + 1, j) || (j < p.length && match(i, j + 1));
    if (j === p.length) return false;
    const gs = g[i]!;
    const ok = gs === '*' || gs.toLowerCase() === p[j]!.toLowerCase() || (isParam(gs) && isParam(p[j]!));
    return ok && match(i + 1, j + 1);
  };
  return match(0, 0);
}

export function overrideFor(path: string, v: Vocabulary): PathOverride | undefined {
  return v.overrides.find((o) => matchGlob(o.glob, path))?.as;
}
