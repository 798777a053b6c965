// When a configuration file is profile-specific: when Spring Boot loads it as such. Boot loads
// application-<profile> (and Spring Cloud bootstrap-<profile>) from the classpath root and its
// config/ folder (a source set's resources/, resources/config/) and from the working directory
// and its config/ folders (a module root). A file of that name elsewhere is not loaded by
// default, and one that a test or a configuration names in @TestPropertySource or
// @PropertySource is loaded as a plain property source: neither is profile-specific, so
// spring.profiles.active in it does not stop Boot 3.0 from starting.
import path from 'node:path/posix';
import type { PassContext, RunDecision } from '../engine/types.js';

const PROFILE_NAME = /^(application|bootstrap)-(.+)\.(properties|ya?ml)$/i;
/** Folders Boot reads application-<profile> from: a source set's resources (and its config/), or a folder outside src/. */
const LOADED_FROM = /(^|\/)src\/[^/]+\/resources(\/config)?$/;

export const PROPERTY_SOURCES = 'property-sources';

/** The profile a configuration file is specific to, or undefined when Boot does not load it as profile-specific. */
export function profileOfFile(filePath: string, ctx: PassContext): string | undefined {
  const m = PROFILE_NAME.exec(path.basename(filePath));
  if (!m) return undefined;
  const dir = path.dirname(filePath);
  const outsideSources = !/(^|\/)src\//.test(filePath);
  if (!outsideSources && !LOADED_FROM.test(dir)) return undefined;
  const named = (ctx.decisions?.[PROPERTY_SOURCES] as string[] | undefined) ?? [];
  if (named.includes(path.basename(filePath))) return undefined;
  return m[2];
}

const SOURCE_ANNOTATION = /@(?:Test)?PropertySources?\s*\(/g;

/** The file names @TestPropertySource / @PropertySource name in the sources (`classpath:application-test.properties` -> its file name). */
export function propertySourceNames(texts: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    if (!text.includes('PropertySource')) continue;
    for (const m of text.matchAll(SOURCE_ANNOTATION)) {
      const body = text.slice(m.index! + m[0].length, closing(text, m.index! + m[0].length));
      for (const s of body.matchAll(/"([^"\n]*\.(?:properties|ya?ml))"/g)) out.add(path.basename(s[1]!.replace(/^[a-z*]+:/, '')));
    }
  }
  return [...out].sort();
}

/** Offset of the `)` closing the parenthesis opened just before `from` (strings skipped). */
function closing(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      i = text.indexOf('"', i + 1);
      if (i < 0) return text.length;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return text.length;
}

/** Once per run: the configuration files the sources name as plain property sources. */
export const propertySourcesDecision: RunDecision = {
  id: PROPERTY_SOURCES,
  kinds: ['java', 'kotlin'],
  decide: (ctx) => propertySourceNames(ctx.project.ofKind('java', 'kotlin').map((f) => f.text ?? '')),
};
