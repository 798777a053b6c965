// A pom as the passes read it: parent, properties, every dependency / plugin / exclusion element
// with its coordinate elements. Pure parsing of one text: what is read along
// a repository (the in-repository parent chain, property resolution) is built on it, by the
// Maven pass over the scanned project (transforms/build/pom-model.ts) and by the grader over the
// graded folder's files (src/maturity/build.ts).
import { child, childrenNamed, localName, parseXml, textValue, type XmlDocument, type XmlElement } from './xml.js';

export type DepKind = 'dependency' | 'managed-dependency' | 'plugin' | 'plugin-dependency' | 'exclusion';

export interface DepRef {
  el: XmlElement;
  kind: DepKind;
  groupId?: XmlElement;
  artifactId?: XmlElement;
  version?: XmlElement;
  classifier?: XmlElement;
  scope?: XmlElement;
  type?: XmlElement;
}

export interface PomModel {
  path: string;
  text: string;
  doc: XmlDocument;
  project: XmlElement;
  parent?: { el: XmlElement; groupId?: string; artifactId?: string; version?: XmlElement; relativePath?: string };
  groupId?: string;
  artifactId?: string;
  propertiesEl?: XmlElement;
  properties: Map<string, XmlElement>;
  /** <properties> of every <profile> (first definition of a name wins): used when the project level lacks the name. */
  profileProperties: Map<string, XmlElement>;
  /** Every property element, project level then profile by profile, in document order: each is decided. */
  propertyElements: XmlElement[];
  deps: DepRef[];
}

export function buildPomModel(filePath: string, text: string): PomModel {
  const doc = parseXml(text);
  const project = doc.root;
  const parentEl = child(project, 'parent');
  const propertiesEl = child(project, 'properties');
  const properties = new Map<string, XmlElement>();
  for (const p of propertiesEl?.children ?? []) properties.set(p.name, p);
  const profileElements = childrenNamed(child(project, 'profiles'), 'profile').flatMap((profile) => child(profile, 'properties')?.children ?? []);
  const profileProperties = new Map<string, XmlElement>();
  for (const p of profileElements) if (!profileProperties.has(p.name)) profileProperties.set(p.name, p);
  const model: PomModel = {
    path: filePath,
    text,
    doc,
    project,
    groupId: textValue(text, child(project, 'groupId')),
    artifactId: textValue(text, child(project, 'artifactId')),
    propertiesEl,
    properties,
    profileProperties,
    propertyElements: [...properties.values(), ...profileElements],
    deps: collectDeps(project),
  };
  if (parentEl) {
    const rel = child(parentEl, 'relativePath');
    model.parent = {
      el: parentEl,
      groupId: textValue(text, child(parentEl, 'groupId')),
      artifactId: textValue(text, child(parentEl, 'artifactId')),
      version: child(parentEl, 'version'),
      relativePath: rel ? (textValue(text, rel) ?? '') : undefined,
    };
    model.groupId ??= model.parent.groupId;
  }
  return model;
}

function depKind(el: XmlElement): DepKind | undefined {
  const name = localName(el.name);
  const parent = el.parent ? localName(el.parent.name) : '';
  const grand = el.parent?.parent ? localName(el.parent.parent.name) : '';
  if (name === 'exclusion' && parent === 'exclusions') return 'exclusion';
  if (name === 'plugin' && parent === 'plugins') return 'plugin';
  if (name === 'dependency' && parent === 'dependencies') {
    if (grand === 'dependencyManagement') return 'managed-dependency';
    if (grand === 'plugin') return 'plugin-dependency';
    return 'dependency';
  }
  return undefined;
}

function collectDeps(root: XmlElement): DepRef[] {
  const out: DepRef[] = [];
  const visit = (el: XmlElement) => {
    const kind = depKind(el);
    if (kind) {
      out.push({
        el,
        kind,
        groupId: child(el, 'groupId'),
        artifactId: child(el, 'artifactId'),
        version: child(el, 'version'),
        classifier: child(el, 'classifier'),
        scope: child(el, 'scope'),
        type: child(el, 'type'),
      });
    }
    // A plugin's <configuration> is free-form: nothing in it is a coordinate.
    for (const c of el.children) if (localName(c.name) !== 'configuration') visit(c);
  };
  visit(root);
  return out;
}

/** A plugin's configurations: its own and each execution's (Maven merges an execution's with the plugin's, child by child). */
export function pluginConfigurations(plugin: XmlElement): XmlElement[] {
  return [child(plugin, 'configuration'), ...childrenNamed(child(plugin, 'executions'), 'execution').map((e) => child(e, 'configuration'))].filter((c): c is XmlElement => c !== undefined);
}
