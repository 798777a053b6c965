// build/wrapper: gradle/wrapper/gradle-wrapper.properties older than the Gradle version Boot 3.0
// needs is raised, keeping the distribution type (-bin / -all) and the rest of the URL.
import type { FilePass, PassContext, PassResult, SourceFile } from '../../src/engine/types.js';
import { isLower } from './facts.js';
import { PassOutput } from './out.js';

const DISTRIBUTION_URL = /^([ \t]*distributionUrl[ \t]*[=:][ \t]*\S*?gradle-)(\d+(?:\.\d+)*(?:-[A-Za-z0-9.]+?)?)(-(?:bin|all)\.zip)[ \t]*\r?$/m;
const CHECKSUM = /^[ \t]*distributionSha256Sum[ \t]*[=:]/m;

export const wrapperPass: FilePass = {
  id: 'build/wrapper',
  description: 'gradle-wrapper.properties: Gradle raised to the minimum Boot 3.0 needs',
  kinds: ['gradle-wrapper'],
  rules: ['build/gradle-wrapper'],
  prefilter: (text) => text.includes('distributionUrl'),
  run: migrateWrapper,
};

export function migrateWrapper(file: SourceFile, ctx: PassContext): PassResult {
  const minimum = ctx.table.build?.gradle.minimumVersion;
  const out = new PassOutput();
  const m = DISTRIBUTION_URL.exec(file.text);
  if (!minimum || !m) return out.result();
  const version = m[2]!;
  if (!isLower(version, minimum)) return out.result();
  const start = m.index + m[1]!.length;
  out.replace(start, start + version.length, minimum, 'build/gradle-wrapper');
  const sum = CHECKSUM.exec(file.text);
  if (sum) {
    out.report('build/gradle-wrapper', 'error', sum.index, `distributionSha256Sum belongs to Gradle ${version}: replace it with the checksum of the Gradle ${minimum} distribution (or the wrapper will refuse to download it)`);
  }
  return out.result();
}
