// boot-apis-3x.json: the public types of the Boot jars, minor by minor (the sources jars of each
// minor's latest patch). Per step:
//   removed:    types the previous minor had that this one has in no module, with the previous
//               minor's deprecation of them (since, forRemoval, the @deprecated text and the
//               types it links to: the replacement);
//   deprecated: types this minor newly deprecates, with the same fields (they still compile, and
//               the next minor may remove them);
//   movedModule: types that went to another Boot jar (a build that names the old jar alone loses them),
//               with the types of the same simple name the former jar holds now (replacedBy);
//   libraries:  the same comparison for Spring Framework's jars, where the step moves to a new
//               Framework line (6.0 -> 6.1 in Boot 3.2, 6.1 -> 6.2 in 3.4): the types it removed.
import type { Derivation } from './derive-boot-3x.js';
import type { Artifact } from './maven.js';
import { modulesOf, moduleJar } from './artifacts.js';
import { readEntries } from './jar.js';
import { readType, typeNameOf, type TypeInfo } from './java-source.js';

/** Spring Framework's jars an application compiles against, versioned by the Boot BOM's spring-framework.version. */
const FRAMEWORK = {
  library: 'Spring Framework',
  property: 'spring-framework.version',
  groupId: 'org.springframework',
  modules: ['spring-aop', 'spring-beans', 'spring-context', 'spring-context-support', 'spring-core', 'spring-jdbc', 'spring-jms', 'spring-messaging', 'spring-orm', 'spring-test', 'spring-tx', 'spring-web', 'spring-webflux', 'spring-webmvc'],
};

function frameworkVersion(d: Derivation, boot: string): string {
  const v = d.bom(boot).properties[FRAMEWORK.property];
  if (!v) throw new Error(`spring-boot-dependencies ${boot}: no ${FRAMEWORK.property}`);
  return v;
}

function frameworkJars(version: string): Artifact[] {
  return FRAMEWORK.modules.map((artifactId) => ({ groupId: FRAMEWORK.groupId, artifactId, version, classifier: 'sources' }));
}

export function apiPlan(d: Derivation): Artifact[] {
  return [
    ...d.minors.flatMap((m) => modulesOf(d.bom(m.latest)).map((mod) => moduleJar(mod, m.latest, true))),
    ...d.minors.flatMap((m) => frameworkJars(frameworkVersion(d, m.latest))),
  ];
}

function libraryTypes(d: Derivation, jars: Artifact[]): Types {
  const module = new Map<string, string>();
  const info = new Map<string, TypeInfo>();
  for (const jar of jars) {
    if (!d.has(jar)) continue;
    for (const [entry, text] of readEntries(d.read(jar), (n) => typeNameOf(n) !== undefined)) {
      const t = readType(entry, text);
      if (!t || module.has(t.fqcn)) continue;
      module.set(t.fqcn, jar.artifactId);
      info.set(t.fqcn, t);
    }
  }
  return { module, info };
}

interface Types {
  /** fqcn -> module */
  module: Map<string, string>;
  info: Map<string, TypeInfo>;
}

function typesOf(d: Derivation, version: string): Types {
  const module = new Map<string, string>();
  const info = new Map<string, TypeInfo>();
  for (const mod of modulesOf(d.bom(version))) {
    const jar = d.served(moduleJar(mod, version, true));
    if (!jar) continue;
    const sources = readEntries(d.read(jar), (n) => typeNameOf(n) !== undefined);
    for (const [entry, text] of sources) {
      const t = readType(entry, text);
      // a type in two jars (3.2's classic loader also has the new launch.* names) belongs to the first
      if (!t || module.has(t.fqcn)) continue;
      module.set(t.fqcn, mod);
      info.set(t.fqcn, t);
    }
  }
  return { module, info };
}

function row(t: TypeInfo, module: string) {
  const dep = t.deprecation;
  return {
    fqcn: t.fqcn,
    kind: t.kind,
    module,
    deprecated: dep ? { since: dep.since, forRemoval: dep.forRemoval, text: dep.text, replacements: dep.links.filter((l) => l !== t.fqcn) } : null,
  };
}

export function deriveApiSteps(d: Derivation): unknown {
  const types = new Map(d.minors.map((m) => [m.latest, typesOf(d, m.latest)]));
  const steps = d.minors.slice(1).map((m, i) => {
    const prev = d.minors[i]!;
    const a = types.get(prev.latest)!;
    const b = types.get(m.latest)!;
    const sorted = (xs: string[]) => xs.sort();
    const removed = sorted([...a.module.keys()].filter((t) => !b.module.has(t))).map((t) => row(a.info.get(t)!, a.module.get(t)!));
    const deprecated = sorted([...b.info.keys()].filter((t) => b.info.get(t)!.deprecation && a.module.has(t) && !a.info.get(t)!.deprecation)).map((t) => row(b.info.get(t)!, b.module.get(t)!));
    const simple = (t: string) => t.slice(t.lastIndexOf('.') + 1);
    const movedModule = sorted([...a.module.keys()].filter((t) => b.module.has(t) && b.module.get(t) !== a.module.get(t))).map((t) => ({
      fqcn: t,
      from: a.module.get(t)!,
      to: b.module.get(t)!,
      // what the former module holds under the same simple name now (the loader's new launch.JarLauncher)
      replacedBy: [...b.module.entries()].filter(([x, mod]) => mod === a.module.get(t) && x !== t && simple(x) === simple(t)).map(([x]) => x).sort(),
    }));
    const added = [...b.module.keys()].filter((t) => !a.module.has(t)).length;
    const fa = frameworkVersion(d, prev.latest);
    const fb = frameworkVersion(d, m.latest);
    const line = (v: string) => v.split('.').slice(0, 2).join('.');
    const libraries = [];
    if (line(fa) !== line(fb)) {
      const la = libraryTypes(d, frameworkJars(fa));
      const lb = libraryTypes(d, frameworkJars(fb));
      const gone = sorted([...la.module.keys()].filter((t) => !lb.module.has(t))).map((t) => row(la.info.get(t)!, la.module.get(t)!));
      const missing = [...frameworkJars(fa), ...frameworkJars(fb)].filter((j) => !d.has(j)).map((j) => `${j.artifactId}:${j.version}`);
      libraries.push({ library: FRAMEWORK.library, from: fa, to: fb, removed: gone, ...(missing.length ? { notServed: missing } : {}) });
    }
    return { minor: m.minor, from: prev.latest, to: m.latest, removed, deprecated, movedModule, addedCount: added, libraries };
  });
  return {
    source: 'org.springframework.boot:<module>:<latest patch of each minor>:sources (Maven Central): the top-level types of each module, their @Deprecated and javadoc @deprecated',
    modules: Object.fromEntries(d.minors.map((m) => [m.latest, modulesOf(d.bom(m.latest))])),
    steps,
  };
}
