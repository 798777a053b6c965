// security-dsl-3x.json: the Spring Security configuration DSL methods that Security 6.1+ deprecates
// for removal (the non-lambda forms: `http.csrf().disable()`, `.and()` chains), read from the
// spring-security-config sources of the Security version the latest 3.5.x manages. Each row is a
// method with its @Deprecated(since, forRemoval), its javadoc text and the member it points to
// (`#csrf(Customizer)`): what a report writes as the lambda form.
import type { Derivation } from './derive-boot-3x.js';
import type { Artifact } from './maven.js';
import { readEntries } from './jar.js';
import { deprecatedMethods, typeNameOf } from './java-source.js';

const PACKAGE = 'org/springframework/security/config/annotation/web/';

function artifact(d: Derivation): Artifact {
  const latest = d.minors.at(-1)!.latest;
  const version = d.bom(latest).properties['spring-security.version'];
  if (!version) throw new Error(`spring-boot-dependencies ${latest}: no spring-security.version`);
  return { groupId: 'org.springframework.security', artifactId: 'spring-security-config', version, classifier: 'sources' };
}

export function securityPlan(d: Derivation): Artifact[] {
  return [artifact(d)];
}

export function deriveSecurityDsl(d: Derivation): unknown {
  const a = artifact(d);
  const sources = readEntries(d.read(a), (n) => n.startsWith(PACKAGE) && typeNameOf(n) !== undefined);
  const methods = [...sources.entries()]
    .sort(([x], [y]) => (x < y ? -1 : 1))
    .flatMap(([entry, text]) => deprecatedMethods(entry, text))
    .filter((m) => m.since !== null && /^6\./.test(m.since))
    .map((m) => ({ type: m.type, name: m.name, params: m.params, since: m.since, forRemoval: m.forRemoval, text: m.text, memberLinks: m.memberLinks }));
  return {
    source: `${a.groupId}:${a.artifactId}:${a.version}:sources (Maven Central; the spring-security.version of spring-boot-dependencies ${d.minors.at(-1)!.latest}), ${PACKAGE}**`,
    securityVersion: a.version,
    methods,
  };
}
