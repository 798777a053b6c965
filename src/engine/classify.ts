// File kind from the path alone, so that files no pass reads are never opened.
import { lazyModule } from './lazy.js';

const picomatch = lazyModule<typeof import('picomatch')>('picomatch');
import type { FileKind } from './types.js';

const CONFIG_BASENAME = /^(application|bootstrap)(-[^/]+)?\.(properties|ya?ml)$/;
const ENV_BASENAME = /^(\.env(\..+)?|[^/]*\.env|Dockerfile(\..+)?|[^/]*\.dockerfile|(docker-)?compose(\.[^/]+)?\.ya?ml|values(-[^/]+)?\.ya?ml)$/;
const SCRIPT_BASENAME = /^(MANIFEST\.MF|Procfile|[^/]*\.(sh|bash|bat|cmd|ps1))$/;
const OPENAPI_BASENAME = /^(openapi|swagger|api-docs)([-.][^/]*)?\.(json|ya?ml)$/;
const KUBE_DIR = /(^|\/)(k8s|kubernetes|kube|manifests|deploy|deployment|helm|charts?)\//;
/**
 * Inside a source set (`src/main/resources/templates/`, `src/test/resources/projects/`,
 * `src/it/`, `src/integration/`), a pom or a Gradle script is data: a template a generator
 * writes out, a fixture a plugin's tests build. It is not the project's build, and no pass reads it
 * as one. A source set folder never holds a module of the repository.
 */
const SOURCE_SET_BUILD = /(^|\/)src\/[^/]+\/(.*\/)?(pom\.xml|[^/]*\.gradle(\.kts)?|gradle\.properties|gradle-wrapper\.properties|[^/]*\.versions\.toml|[^/]*\.lockfile)$/;

export interface Classifier {
  classify(path: string): FileKind;
}

/** `configGlobs`: extra globs (relative to the root) whose .properties/.yml files are Spring configuration. */
export function createClassifier(configGlobs: readonly string[] = []): Classifier {
  const isExtraConfig = configGlobs.length > 0 ? picomatch()(configGlobs as string[], { dot: true }) : () => false;
  return { classify: (path) => classify(path, isExtraConfig) };
}

function classify(path: string, isExtraConfig: (p: string) => boolean): FileKind {
  const slash = path.lastIndexOf('/');
  const base = path.slice(slash + 1);
  const lower = base.toLowerCase();
  if (lower.endsWith('.java')) return 'java';
  if (SOURCE_SET_BUILD.test(path)) return 'other';
  if (lower.endsWith('.gradle.kts')) return 'gradle-kts';
  if (lower.endsWith('.kt') || lower.endsWith('.kts')) return 'kotlin';
  if (lower.endsWith('.gradle')) return 'gradle';
  if (base === 'pom.xml' || lower.endsWith('.pom')) return 'pom';
  if (lower.endsWith('.versions.toml')) return 'version-catalog';
  if (base === 'gradle-wrapper.properties') return 'gradle-wrapper';
  if (base === 'gradle.properties') return 'gradle-properties';
  if (lower.endsWith('.lockfile')) return 'gradle-lockfile'; // gradle.lockfile, gradle/dependency-locks/*.lockfile
  if (base === 'spring.factories' && path.includes('META-INF/')) return 'spring-factories';
  if (lower.endsWith('.imports') && path.includes('META-INF/spring/')) return 'autoconfig-imports';
  if (path.includes('META-INF/services/')) return 'service-loader';
  if (/^ValidationMessages[^/]*\.properties$/.test(base)) return 'validation-messages';
  if (/^banner\.(gif|jpe?g|png)$/.test(lower)) return 'banner-image';
  if (CONFIG_BASENAME.test(base) || (/\.(properties|ya?ml)$/.test(lower) && isExtraConfig(path))) {
    return lower.endsWith('.properties') ? 'properties' : 'yaml';
  }
  if (base === 'persistence.xml' || base === 'orm.xml') return 'jpa-xml';
  if (OPENAPI_BASENAME.test(lower)) return 'openapi';
  if (ENV_BASENAME.test(base)) return 'env';
  if (SCRIPT_BASENAME.test(base)) return 'script';
  if (/\.ya?ml$/.test(lower) && KUBE_DIR.test(path)) return 'env';
  if (lower.endsWith('.xml') || lower.endsWith('.wsdl') || lower.endsWith('.xsd') || lower.endsWith('.xjb')) return 'xml';
  return 'other';
}
