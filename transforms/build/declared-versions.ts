// Which versions of one library the repository's Maven builds declare: every <version> of its
// dependency and managed-dependency elements, resolved through each pom's in-repository parents,
// and Spring Boot's own version property for it where one is set. A Gradle build naming the library
// declares something this reader does not resolve: the answer is then unknown.
import type { ProjectView } from '../../src/engine/types.js';
import { buildFilesMatch } from '../../src/engine/project-text.js';
import { escapeRegExp } from '../../src/engine/text.js';
import { textValue } from '../../src/formats/xml.js';
import { chain, findProperty, projectPom, resolveValue } from './pom-model.js';

export interface DeclaredVersions {
  /** Every version declared, resolved (unresolvable ones left out and counted in `unresolved`). */
  versions: string[];
  unresolved: number;
  /** A dependency on it without a version and no version declared anywhere in its chain: the version Boot manages. */
  versionless: boolean;
}

export function declaredVersions(project: ProjectView, groupId: string, artifactId: string, bootProperty?: string): DeclaredVersions | undefined {
  const named = new RegExp(`(?<![\\w.-])${escapeRegExp(artifactId)}(?![\\w.-])`);
  if (project.ofKind('gradle', 'gradle-kts').some((f) => f.text !== undefined && f.text.includes(groupId) && named.test(f.text))) return undefined;
  if (!buildFilesMatch(project, named)) return { versions: [], unresolved: 0, versionless: false };
  const out: DeclaredVersions = { versions: [], unresolved: 0, versionless: false };
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
      else if (d.kind === 'dependency' && !managedInChain(models, groupId, artifactId) && !(bootProperty && findProperty(models, bootProperty))) out.versionless = true;
    }
  }
  return out;
}

function managedInChain(models: ReturnType<typeof chain>, groupId: string, artifactId: string): boolean {
  return models.some((m) => m.deps.some((d) => d.kind === 'managed-dependency' && d.version && textValue(m.text, d.groupId) === groupId && textValue(m.text, d.artifactId) === artifactId));
}
