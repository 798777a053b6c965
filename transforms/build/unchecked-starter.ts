// build/unchecked-starter: a third-party `*-spring-boot-starter` (MyBatis, Camel, graphql, an
// in-house starter) that Spring Boot 3.0 does not manage and the migration table does not know.
// Nothing here can say whether its version supports Boot 3 (Jakarta EE 9+, auto-configuration
// registered in AutoConfiguration.imports), and a starter that does not will keep the service
// from starting: one warning per starter and build file, so "0 errors" is never said of it.
// Boot 3.0 manages no third-party starter (none of the modules in
// /work/shared/data/spring-boot-dependencies-3.0.json is one), so "not Boot's own group" is the
// managed test. Findings only, never an edit.
import type { FilePass, FindingInput, PassContext, SourceFile } from '../../src/engine/types.js';
import { childrenNamed, parseXml, textValue, type XmlElement } from '../../src/formats/xml.js';

export const UNCHECKED_STARTER_RULE = 'build/unchecked-starter';

const STARTER = /^[\w.-]+-spring-boot-starter(?:-[\w.-]+)?$/;

interface Declared {
  group: string;
  artifact: string;
  version?: string;
  offset: number;
}

function isUnchecked(d: Declared, ctx: PassContext): boolean {
  if (!STARTER.test(d.artifact) || d.group.startsWith('org.springframework')) return false;
  // Known: a coordinate row of the Boot data, or a third-party library row (build.libraries).
  const known = [...(ctx.table.build?.coordinates ?? []), ...(ctx.table.build?.libraries ?? [])];
  return !known.some((row) => row.from.groupId === d.group && (row.from.artifactId === d.artifact || row.from.artifactId === '*'));
}

function pomDependencies(file: SourceFile): Declared[] {
  const doc = parseXml(file.text);
  const out: Declared[] = [];
  const walk = (el: XmlElement) => {
    for (const c of el.children) {
      if (c.name === 'dependency') {
        const [g, a, v] = ['groupId', 'artifactId', 'version'].map((n) => childrenNamed(c, n)[0]);
        const group = textValue(file.text, g);
        const artifact = textValue(file.text, a);
        if (group && artifact) out.push({ group, artifact, version: textValue(file.text, v), offset: a!.start });
      } else walk(c);
    }
  };
  walk(doc.root);
  return out;
}

/** Quoted "group:artifact[:version]" strings (Gradle, Kotlin DSL, catalog `module =`) and catalog group/name pairs. */
function stringDependencies(file: SourceFile): Declared[] {
  const out: Declared[] = [];
  for (const m of file.text.matchAll(/(["'])([\w.-]+):([\w.-]+)(?::([^"'\s:@]+))?[^"']*\1/g)) {
    out.push({ group: m[2]!, artifact: m[3]!, version: m[4], offset: m.index! + 1 });
  }
  for (const m of file.text.matchAll(/group\s*=\s*"([\w.-]+)"\s*,\s*name\s*=\s*"([\w.-]+)"(?:\s*,\s*version(?:\.ref)?\s*=\s*"([^"]+)")?/g)) {
    out.push({ group: m[1]!, artifact: m[2]!, version: m[3], offset: m.index! });
  }
  return out;
}

export const uncheckedStarterPass: FilePass = {
  id: UNCHECKED_STARTER_RULE,
  description: 'third-party *-spring-boot-starter dependencies that Boot does not manage and the table does not know (reported, never edited)',
  kinds: ['pom', 'gradle', 'gradle-kts', 'version-catalog'],
  rules: [UNCHECKED_STARTER_RULE],
  prefilter: (text) => text.includes('-spring-boot-starter'),
  settles: true, // reports only (test/settles-config.test.ts)
  run(file, ctx) {
    // A pom saxes rejects is reported by build/maven as parse-error; nothing to add here.
    let declared: Declared[];
    try {
      declared = file.kind === 'pom' ? pomDependencies(file) : stringDependencies(file);
    } catch {
      return {};
    }
    const seen = new Set<string>();
    const findings: FindingInput[] = [];
    for (const d of declared) {
      const key = `${d.group}:${d.artifact}`;
      if (seen.has(key) || !isUnchecked(d, ctx)) continue;
      seen.add(key);
      findings.push({
        rule: UNCHECKED_STARTER_RULE,
        severity: 'warning',
        offset: d.offset,
        message: `${key}${d.version ? ` ${d.version}` : ''}: a third-party starter that Spring Boot does not manage and boot-upgrade does not know, so it was not checked for Spring Boot 3. Find the release of it that supports Spring Boot 3.0 (Jakarta EE 9+, auto-configuration in META-INF/spring/...AutoConfiguration.imports) and set that version; otherwise the application may not start.`,
      });
    }
    return { findings };
  },
};
