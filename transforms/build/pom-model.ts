// What the Maven pass needs to know about a pom along the repository: the model of each pom
// (src/formats/pom.ts: parent, properties, every dependency / plugin / exclusion element with its
// coordinate elements), the in-repository parent chain and ${...} resolution through it. Parsed
// once per project (cached on the ProjectView), except the file being migrated, which is parsed
// from its current text on every round.
import path from 'node:path/posix';
import type { ProjectView } from '../../src/engine/types.js';
import { buildPomModel, type DepKind, type PomModel } from '../../src/formats/pom.js';
import { child, textValue, type XmlElement } from '../../src/formats/xml.js';
import type { BuildFacts } from './facts.js';

export { buildPomModel, pluginConfigurations, type DepKind, type DepRef, type PomModel } from '../../src/formats/pom.js';

/** Per-project cache of parsed poms (null = does not parse). */
const projectCache = new WeakMap<ProjectView, Map<string, PomModel | null>>();

export function projectPom(project: ProjectView, filePath: string): PomModel | undefined {
  let cache = projectCache.get(project);
  if (!cache) projectCache.set(project, (cache = new Map()));
  if (!cache.has(filePath)) {
    const f = project.byPath.get(filePath);
    let model: PomModel | null = null;
    if (f?.text !== undefined) {
      try {
        model = buildPomModel(filePath, f.text);
      } catch {
        model = null;
      }
    }
    cache.set(filePath, model);
  }
  return cache.get(filePath) ?? undefined;
}

const ownCache = new WeakMap<ProjectView, Set<string>>();

/** `groupId:artifactId` of every pom of the repository: its own modules, which the run migrates itself. */
export function ownArtifacts(project: ProjectView): Set<string> {
  let own = ownCache.get(project);
  if (!own) {
    own = new Set();
    for (const f of project.ofKind('pom')) {
      const m = projectPom(project, f.path);
      if (m?.groupId && m.artifactId) own.add(`${m.groupId}:${m.artifactId}`);
    }
    ownCache.set(project, own);
  }
  return own;
}

/** The parent pom within the repository, when <relativePath> (default ../pom.xml) leads to it and its coordinates match. */
export function inRepoParent(project: ProjectView, model: PomModel): PomModel | undefined {
  const p = model.parent;
  if (!p || p.relativePath === '') return undefined;
  let rel = p.relativePath ?? '../pom.xml';
  if (!rel.endsWith('.xml')) rel = path.join(rel, 'pom.xml');
  const candidate = path.normalize(path.join(path.dirname(model.path), rel));
  if (candidate.startsWith('../')) return undefined;
  const parent = projectPom(project, candidate);
  if (!parent) return undefined;
  if (p.artifactId && parent.artifactId !== p.artifactId) return undefined;
  if (p.groupId && parent.groupId !== p.groupId) return undefined;
  return parent;
}

/** The model itself, then each in-repository ancestor (bounded, cycles cut). */
export function chain(project: ProjectView, model: PomModel): PomModel[] {
  const out = [model];
  const seen = new Set([model.path]);
  let cur = model;
  for (let i = 0; i < 32; i++) {
    const parent = inRepoParent(project, cur);
    if (!parent || seen.has(parent.path)) break;
    out.push(parent);
    seen.add(parent.path);
    cur = parent;
  }
  return out;
}

/**
 * Where property `name` is defined along the chain (the closest pom wins, as in Maven). A name
 * no project level defines is looked up in the chain's profiles: such a property only exists
 * when its profile is active, and it is decided where it is written.
 */
export function findProperty(models: PomModel[], name: string): { model: PomModel; el: XmlElement } | undefined {
  for (const m of models) {
    const el = m.properties.get(name);
    if (el) return { model: m, el };
  }
  for (const m of models) {
    const el = m.profileProperties.get(name);
    if (el) return { model: m, el };
  }
  return undefined;
}

const PROPERTY_REF = /\$\{([^}]+)\}/g;

/** Resolves ${...} through the chain (and project.* built-ins); undefined when something is unknown or opaque. */
export function resolveValue(models: PomModel[], value: string | undefined, depth = 0): string | undefined {
  if (value === undefined) return undefined;
  if (!value.includes('${')) return value;
  if (depth > 10) return undefined;
  let unknown = false;
  const out = value.replace(PROPERTY_REF, (_, name: string) => {
    const v = builtIn(models[0]!, name) ?? lookup(models, name);
    const resolved = resolveValue(models, v, depth + 1);
    if (resolved === undefined) unknown = true;
    return resolved ?? '';
  });
  return unknown ? undefined : out;
}

function lookup(models: PomModel[], name: string): string | undefined {
  const found = findProperty(models, name);
  return found ? textValue(found.model.text, found.el) : undefined;
}

function builtIn(model: PomModel, name: string): string | undefined {
  const t = model.text;
  switch (name) {
    case 'project.version':
    case 'pom.version':
      return textValue(t, child(model.project, 'version')) ?? textValue(t, model.parent?.version);
    case 'project.groupId':
      return model.groupId;
    case 'project.artifactId':
      return model.artifactId;
    case 'project.parent.version':
      return textValue(t, model.parent?.version);
    default:
      return undefined;
  }
}

/** A value that is exactly one property reference: `${name}`. */
export function singleProperty(value: string | undefined): string | undefined {
  return value ? /^\$\{([^}]+)\}$/.exec(value)?.[1] : undefined;
}

/** True when the chain inherits from Boot's parent or imports Boot's BOM. */
export function isBootManaged(models: PomModel[], facts: BuildFacts): boolean {
  const boot = facts.section.boot;
  return models.some(
    (m) =>
      (m.parent?.groupId === boot.groupId && boot.parents.includes(m.parent.artifactId ?? '')) ||
      m.deps.some((d) => d.kind === 'managed-dependency' && textValue(m.text, d.groupId) === boot.groupId && textValue(m.text, d.artifactId) === boot.bom),
  );
}

/** Coordinates managed in the chain's own <dependencyManagement> (a version given there needs none here). */
export function locallyManaged(models: PomModel[]): Set<string> {
  const out = new Set<string>();
  for (const m of models) {
    for (const d of m.deps) {
      if (d.kind !== 'managed-dependency' || !d.version) continue;
      out.add(`${resolveValue(models, textValue(m.text, d.groupId))}:${resolveValue(models, textValue(m.text, d.artifactId))}`);
    }
  }
  return out;
}

export interface PropertyUse {
  groupId: string;
  artifactId: string;
  kind: DepKind | 'parent';
  /** The pom that holds the reference. */
  pom: string;
}

const usesCache = new WeakMap<ProjectView, Map<string, Map<string, PropertyUse[]>>>();

/**
 * For every pom in the project: which coordinates use each of its properties as their whole
 * version (`<version>${p}</version>`), in itself or in any descendant that inherits p from it.
 * Lets the pom that defines a property decide its value from how the modules use it.
 */
export function propertyUses(project: ProjectView): Map<string, Map<string, PropertyUse[]>> {
  let uses = usesCache.get(project);
  if (uses) return uses;
  uses = new Map();
  for (const f of project.ofKind('pom')) {
    const model = projectPom(project, f.path);
    if (model) addUses(uses, chain(project, model));
  }
  usesCache.set(project, uses);
  return uses;
}

/** Adds the property uses of models[0] (whose chain is `models`) to `uses`. */
export function addUses(uses: Map<string, Map<string, PropertyUse[]>>, models: PomModel[]): void {
  const model = models[0]!;
  const add = (versionEl: XmlElement | undefined, g: string | undefined, a: string | undefined, kind: PropertyUse['kind']) => {
    const name = singleProperty(textValue(model.text, versionEl));
    if (!name || !g || !a) return;
    const def = findProperty(models, name);
    if (!def) return;
    let byProp = uses.get(def.model.path);
    if (!byProp) uses.set(def.model.path, (byProp = new Map()));
    byProp.set(name, [...(byProp.get(name) ?? []), { groupId: g, artifactId: a, kind, pom: model.path }]);
  };
  if (model.parent) add(model.parent.version, model.parent.groupId, model.parent.artifactId, 'parent');
  for (const d of model.deps) {
    const g = resolveValue(models, textValue(model.text, d.groupId)) ?? (d.kind === 'plugin' && !d.groupId ? 'org.apache.maven.plugins' : undefined);
    add(d.version, g, resolveValue(models, textValue(model.text, d.artifactId)), d.kind);
  }
}
