// Coherence of Maven builds: the Boot parent, BOM imports, explicit versions of libraries Boot 3.0
// moves to a new major, and Boot version properties that override them — each resolved through
// the in-repository parent chain, reported at the element or property that sets it.
import type { ProjectView } from '../../src/engine/types.js';
import { textValue, type XmlElement } from '../../src/formats/xml.js';
import { chain, findProperty, projectPom, resolveValue, singleProperty, type PomModel } from '../build/pom-model.js';
import { BOOT, libraryOf, type CoherenceFacts } from './facts.js';
import type { StalePins } from './stale.js';

/** The element to change for a version written as `raw`: the property's definition for `${name}`. */
function placeOf(models: PomModel[], model: PomModel, el: XmlElement, raw: string): { path: string; offset: number; where: string } {
  const name = singleProperty(raw);
  const def = name ? findProperty(models, name) : undefined;
  if (def) return { path: def.model.path, offset: def.el.start, where: `<${name}>` };
  return { path: model.path, offset: el.start, where: `this <version>` };
}

interface PomCheck {
  facts: CoherenceFacts;
  models: PomModel[];
  model: PomModel;
  boot: boolean;
  out: StalePins;
}

function checkVersion(c: PomCheck, g: string, a: string, el: XmlElement | undefined, models = c.models): void {
  const lib = libraryOf(c.facts, g, a);
  const raw = textValue(c.model.text, el);
  if (!lib || !el || raw === undefined) return;
  const place = placeOf(models, c.model, el, raw);
  c.out.check(lib, resolveValue(models, raw), place.path, place.offset, `${place.where} (${g}:${a})`, c.boot);
}

const BOOT_GROUP = 'org.springframework.boot';

/** The pom or an in-repository ancestor has a Boot parent, imports Boot's BOM, or uses a Boot artifact. */
function usesBoot(models: PomModel[]): boolean {
  return models.some((m) => m.parent?.groupId === BOOT_GROUP || m.deps.some((d) => textValue(m.text, d.groupId) === BOOT_GROUP));
}

/**
 * Poms whose versions reach a Boot module: every pom whose chain uses Boot, and every in-repository
 * ancestor of one (a parent that only defines versions still decides them for its Boot children).
 */
export function bootPoms(project: ProjectView): Set<string> {
  const boot = new Set<string>();
  for (const pom of project.ofKind('pom')) {
    const model = projectPom(project, pom.path);
    const models = model ? chain(project, model) : [];
    if (usesBoot(models)) for (const m of models) boot.add(m.path);
  }
  return boot;
}

export function checkPom(project: ProjectView, path: string, facts: CoherenceFacts, out: StalePins, boot: ReadonlySet<string>): void {
  const model = projectPom(project, path);
  if (!model) return; // a pom that does not parse is already an error of the build pass
  const models = chain(project, model);
  const c: PomCheck = { facts, models, model, boot: boot.has(model.path), out };
  const text = model.text;
  const parent = model.parent;
  if (parent?.groupId && parent.artifactId) checkVersion(c, parent.groupId, parent.artifactId, parent.version, models.slice(1));
  for (const dep of model.deps) {
    const g = resolveValue(models, textValue(text, dep.groupId));
    const a = resolveValue(models, textValue(text, dep.artifactId));
    if (g && a) checkVersion(c, g, a, dep.version);
  }
  // A Boot version property set below the new major overrides what Boot 3.0 manages.
  for (const el of model.propertyElements) {
    const lib = facts.byProperty.get(el.name);
    if (lib && lib.library !== BOOT) out.check(lib, textValue(text, el), model.path, el.start, `<${el.name}>`, c.boot);
  }
}
