// Which versions of one library the repository's builds declare: every <version> of its Maven
// dependency and managed-dependency elements, resolved through each pom's in-repository parents,
// Spring Boot's own version property for it where one is set, and every coordinate of a Gradle
// script (a "group:artifact:version" string or map notation, read as the coherence check reads
// them), its ${variable} resolved where Gradle would find it. A Gradle script naming the group in
// another form (a catalog alias, a variable) makes the answer unknown.
import type { ProjectView } from '../../src/engine/types.js';
import { buildFilesMatch } from '../../src/engine/project-text.js';
import { escapeRegExp } from '../../src/engine/text.js';
import { textValue } from '../../src/formats/xml.js';
import { chain, findProperty, locallyManaged, projectPom, resolveValue } from './pom-model.js';
import { buildTokens } from './modules.js';
import { rawString, scriptCoordinates, versionDefinition, type Script } from '../coherence/gradle-variables.js';

export interface DeclaredVersions {
  /** Every version declared, resolved (unresolvable ones left out and counted in `unresolved`). */
  versions: string[];
  unresolved: number;
  /** A dependency on it without a version and no version declared anywhere in its chain: the version Boot manages. */
  versionless: boolean;
}

export function declaredVersions(project: ProjectView, groupId: string, artifactId: string, bootProperty?: string): DeclaredVersions | undefined {
  const named = new RegExp(`(?<![\\w.-])${escapeRegExp(artifactId)}(?![\\w.-])`);
  if (!buildFilesMatch(project, named)) return { versions: [], unresolved: 0, versionless: false };
  const out: DeclaredVersions = { versions: [], unresolved: 0, versionless: false };
  if (!gradleVersions(project, groupId, artifactId, out)) return undefined;
  for (const f of project.ofKind('pom')) {
    const model = projectPom(project, f.path);
    if (!model) continue;
    const models = chain(project, model);
    const add = (raw: string | undefined) => {
      const v = resolveValue(models, raw);
      if (v === undefined || v.includes('${')) out.unresolved++;
      else out.versions.push(v);
    };
    if (bootProperty && model.properties.has(bootProperty)) add(textValue(model.text, model.properties.get(bootProperty)));
    for (const d of model.deps) {
      if (d.kind !== 'dependency' && d.kind !== 'managed-dependency') continue;
      if (resolveValue(models, textValue(model.text, d.groupId)) !== groupId || resolveValue(models, textValue(model.text, d.artifactId)) !== artifactId) continue;
      if (d.version) add(textValue(model.text, d.version));
      else if (d.kind === 'dependency' && !locallyManaged(models).has(`${groupId}:${artifactId}`) && !(bootProperty && findProperty(models, bootProperty))) out.versionless = true;
    }
  }
  return out;
}

/** Adds the Gradle scripts' declarations; false when a script names the group outside a coordinate read here. */
function gradleVersions(project: ProjectView, groupId: string, artifactId: string, out: DeclaredVersions): boolean {
  const files = project.ofKind('gradle', 'gradle-kts').filter((f) => f.text !== undefined);
  if (!files.some((f) => f.text!.includes(groupId))) return true;
  const scripts = new Map<string, Script>();
  for (const f of files) {
    const tokens = buildTokens(f);
    if (tokens) scripts.set(f.path, { path: f.path, text: f.text!, tokens });
  }
  for (const f of files) {
    if (!f.text!.includes(groupId)) continue;
    const script = scripts.get(f.path);
    if (!script) return false;
    const coordinates = scriptCoordinates(script).filter((c) => c.groupId === groupId);
    // the group named in a string that is no coordinate read here (a catalog alias, a variable): unknown (comments are not tokens)
    const read = new Set(coordinates.map((c) => c.named));
    if (script.tokens.some((t) => t.type === 'string' && rawString(script, t).includes(groupId) && !read.has(t))) return false;
    for (const c of coordinates) {
      if (c.artifactId !== artifactId) continue;
      if (c.version === undefined) out.versionless = true;
      else {
        const def = versionDefinition(project, script, c.version, c.token.start, scripts);
        if (def) out.versions.push(def.value);
        else out.unresolved++;
      }
    }
  }
  return true;
}
