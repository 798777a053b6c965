// build/wrapper: gradle/wrapper/gradle-wrapper.properties older than the Gradle version the target
// release needs (build.gradle in the table: 7.5 for 3.0 and later's own) is raised, keeping the distribution type (-bin / -all) and the rest of the URL.
import type { FilePass, PassContext, PassResult, SourceFile } from '../../src/engine/types.js';
import { isLower } from './facts.js';
import { PassOutput } from './out.js';

const DISTRIBUTION_URL = /^([ \t]*distributionUrl[ \t]*[=:][ \t]*\S*?gradle-)(\d+(?:\.\d+)*(?:-[A-Za-z0-9.]+?)?)(-(?:bin|all)\.zip)[ \t]*\r?$/m;
const CHECKSUM = /^[ \t]*distributionSha256Sum[ \t]*[=:]/m;

export const wrapperPass: FilePass = {
  id: 'build/wrapper',
  description: 'gradle-wrapper.properties: Gradle raised to the minimum the target Boot release needs',
  kinds: ['gradle-wrapper'],
  rules: ['build/gradle-wrapper'],
  prefilter: (text) => text.includes('distributionUrl'),
  run: migrateWrapper,
};

/** The Gradle a wrapper at `version` must move to, or undefined when it already fits. */
export function gradleTarget(version: string, gradle: { minimumVersion: string; minimum8?: string }): string | undefined {
  if (isLower(version, gradle.minimumVersion)) return gradle.minimumVersion;
  // Boot 3.4+ supports 7.6.4+ and 8.4+: an 8.0 to 8.3 wrapper moves within 8.x
  if (gradle.minimum8 && /^8(\.|$)/.test(version) && isLower(version, gradle.minimum8)) return gradle.minimum8;
  return undefined;
}

export function migrateWrapper(file: SourceFile, ctx: PassContext): PassResult {
  const gradle = ctx.table.build?.gradle;
  const out = new PassOutput();
  const m = DISTRIBUTION_URL.exec(file.text);
  if (!gradle || !m) return out.result();
  const version = m[2]!;
  const minimum = gradleTarget(version, gradle);
  if (!minimum) return out.result();
  const start = m.index + m[1]!.length;
  out.replace(start, start + version.length, minimum, 'build/gradle-wrapper');
  const sum = CHECKSUM.exec(file.text);
  if (sum) {
    out.report('build/gradle-wrapper', 'error', sum.index, `distributionSha256Sum belongs to Gradle ${version}: replace it with the checksum of the Gradle ${minimum} distribution (or the wrapper will refuse to download it)`);
  }
  return out.result();
}
