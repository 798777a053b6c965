// What the migration table knows about a name the compiler could not find, or a coordinate the
// build could not resolve: the Boot 3.0 change behind it and the fix, in the table's own words.
// Built once per verify from the loaded table (extra --table rows included).
import type { MigrationTable } from '../table/types.js';
import type { PackageMove, PackageStay } from '../table/sections/sources.js';

export interface Explanation {
  /** The change and the fix, one or two sentences. */
  text: string;
  docs?: string;
}

interface PackageRow {
  prefix: string;
  /** Sub-packages too. */
  recursive: boolean;
  explain(pkg: string, simple?: string): Explanation | undefined;
}

const GUIDE = 'https://github.com/spring-projects/spring-boot/wiki/Spring-Boot-3.0-Migration-Guide';
const urlOf = (source: string | undefined) => /https?:\/\/\S+/.exec(source ?? '')?.[0]?.replace(/[),;]+$/, '');
const simpleName = (fqcn: string) => fqcn.slice(fqcn.lastIndexOf('.') + 1);

export class KnownChanges {
  private readonly types = new Map<string, Explanation>();
  private readonly packages: PackageRow[] = [];
  private readonly methods = new Map<string, { owner?: string; explanation: Explanation }[]>();
  private readonly coordinates = new Map<string, Explanation>();

  constructor(private readonly table: MigrationTable) {
    this.indexTypes();
    this.indexPackages();
    this.indexMethods();
    this.indexCoordinates();
  }

  private type(fqcn: string, text: string, docs?: string): void {
    if (!this.types.has(fqcn)) this.types.set(fqcn, { text, ...(docs ? { docs } : {}) });
  }

  private indexTypes(): void {
    const code = this.table.code;
    const libs = this.table.libraries;
    for (const r of code?.types ?? []) {
      const besides = r.shape === 'same' ? '' : ` (${r.changes})`;
      this.type(r.from, `${r.from} ${r.removed ? 'is gone in' : 'is deprecated in'} Spring Boot 3.0 (${r.note}): use ${r.to}${besides}${r.instead ? `; write ${r.instead}` : ''}.`, r.docs);
    }
    for (const f of code?.followUps ?? []) if (f.kind !== 'method' && !f.members) this.type(f.type, `${f.message}.`, f.docs);
    if (code?.constructorBinding) this.type(code.constructorBinding.from, code.constructorBinding.message, code.constructorBinding.docs);
    if (!libs) return;
    for (const t of libs.httpclient.types) this.type(t.from, `${t.from} is Apache HttpClient 4, which Spring Framework 6 no longer supports: use ${t.to} from HttpClient 5 (org.apache.httpcomponents.client5:httpclient5; ${t.note}).`, urlOf(t.source));
    for (const a of libs.springdoc.annotations) this.type(a.from, `${a.from} is a Swagger 2 annotation (springfox, springdoc 1), which has no Boot 3 line: use ${a.to} with springdoc-openapi 2.`, urlOf(a.source));
    for (const t of libs.springdoc.types) this.type(t.from, `${t.from} moved in springdoc-openapi 2 (its Boot 3 line): use ${t.to}.`, urlOf(t.source));
    for (const r of [...libs.springdoc.reported, ...libs.hibernate.reported]) if (r.name.includes('.')) this.type(r.name, `${r.name} has no Boot 3 counterpart: ${r.replacement}.`, urlOf(r.source));
    for (const h of libs.hibernate.types) for (const n of h.names) if (n.includes('.')) this.type(n, `${n} is gone in Hibernate 6: ${h.replacement}.`, urlOf(h.source));
    for (const v of libs.jakartaVariants) {
      for (const t of v.types) this.type(t.from, `${t.from} belongs to ${v.artifacts.join(', ')}, whose Jakarta line is ${v.jakartaArtifacts.join(', ')}: use ${t.to}.`, urlOf(v.source));
      for (const g of v.gone) this.type(g.name, `${g.name}: ${g.replacement}.`, urlOf(v.source));
    }
    for (const f of libs.batch.factories) this.type(f.factory, `${simpleName(f.factory)} is gone in Spring Batch 5 (Boot 3.0): use new ${f.builder}(name, jobRepository) with the ${libs.batch.jobRepository} bean.`, urlOf(f.source));
    for (const p of libs.observability.tagsProviders) this.type(p.type, `${simpleName(p.type)} is deprecated in Boot 3.0 (removed in 3.2): extend ${p.base} (${p.convention}); ${p.reads}.`, urlOf(p.source));
    const adapter = libs.security.adapter;
    this.type(adapter.type, `WebSecurityConfigurerAdapter is gone in Spring Security 6 (Boot 3.0): declare a ${adapter.filterChain} @Bean (and a ${adapter.webSecurityCustomizer} @Bean for web.ignoring()) instead.`, 'https://spring.io/blog/2022/02/21/spring-security-without-the-websecurityconfigureradapter');
  }

  private indexPackages(): void {
    const code = this.table.code;
    for (const r of code?.packageRenames ?? []) this.packages.push({ prefix: r.from, recursive: true, explain: (pkg) => ({ text: `${pkg} moved to ${r.to + pkg.slice(r.from.length)} in Boot 3.0 (${r.note}).`, docs: r.docs }) });
    for (const v of this.table.libraries?.jakartaVariants ?? []) {
      for (const p of v.packages) this.packages.push({ prefix: p.from, recursive: true, explain: (pkg) => ({ text: `${pkg} belongs to ${v.artifacts.join(', ')}, whose Jakarta line is ${v.jakartaArtifacts.join(', ')}: use ${p.to + pkg.slice(p.from.length)}.`, docs: urlOf(v.source) }) });
    }
    for (const m of code?.packages.moves ?? []) {
      this.packages.push({ prefix: m.from, recursive: m.recursive, explain: (pkg, simple) => this.moved(m, pkg, simple) });
      this.packages.push({ prefix: m.to, recursive: m.recursive, explain: (pkg) => this.missingJakarta(m, pkg) });
    }
    for (const s of code?.packages.stays ?? []) this.packages.push({ prefix: s.package, recursive: s.recursive, explain: (pkg) => this.stays(s, pkg) });
    // longest prefix first: javax.annotation.security before javax.annotation
    this.packages.sort((a, b) => b.prefix.length - a.prefix.length);
  }

  private moved(m: PackageMove, pkg: string, simple: string | undefined): Explanation | undefined {
    if (m.classes && simple && !m.classes.includes(simple)) return undefined; // JSR-305 in javax.annotation: a stays row
    const to = m.to + pkg.slice(m.from.length);
    const name = simple ? `${pkg}.${simple}` : pkg;
    return { text: `${name} is Java EE; Spring Boot 3.0 is built on Jakarta EE 9+, where ${m.spec} is ${simple ? `${to}.${simple}` : to}: use the jakarta name${m.provider ? ` (Boot 3.0 provides ${m.provider})` : ''}, or, in a module that stays on javax, declare the javax API yourself.`, docs: `${GUIDE}#jakarta-ee` };
  }

  private missingJakarta(m: PackageMove, pkg: string): Explanation {
    return { text: `${pkg} (${m.spec}) is not on the class path: ${m.provider ? `Boot 3.0 provides ${m.provider}; declare that dependency` : 'declare the dependency that provides it'} (with Boot 2 the javax API often came in through another dependency).`, docs: `${GUIDE}#jakarta-ee` };
  }

  private stays(s: PackageStay, pkg: string): Explanation | undefined {
    if (s.reason === 'JDK') return undefined; // the JDK's own: not a Boot 3.0 change
    return { text: `${pkg} is not Jakarta EE (${s.reason}) and keeps its javax name; nothing on the Boot 3.0 class path brings it in any more: declare the artifact that provides it.`, docs: `${GUIDE}#jakarta-ee` };
  }

  private method(name: string, explanation: Explanation, owner?: string): void {
    this.methods.set(name, [...(this.methods.get(name) ?? []), { owner, explanation }]);
  }

  private indexMethods(): void {
    const sec = this.table.libraries?.security;
    if (sec) {
      for (const r of [...sec.requestMatchers, ...sec.securityMatchers]) {
        const ant = r.ant ? ` (an Ant pattern that MVC path matching cannot parse: ${r.to}(new ${sec.antPatterns.matcher}("<pattern>")))` : '';
        this.method(r.from, { text: `${r.from} is gone in Spring Security 6 (Boot 3.0): use ${r.to}${ant}.`, docs: urlOf(r.source) });
      }
      for (const r of sec.reportedMatchers) this.method(r.name, { text: `${r.name} is gone in Spring Security 6 (Boot 3.0): use ${r.replacement}.`, docs: urlOf(r.source) });
    }
    for (const f of this.table.code?.followUps ?? []) {
      for (const m of f.members ?? []) this.method(m.name, { text: `${f.message}.`, docs: f.docs }, f.type);
    }
  }

  private indexCoordinates(): void {
    const build = this.table.build;
    if (!build) return;
    const key = (g: string, a: string) => `${g}:${a}`;
    for (const r of build.coordinates) {
      const to = r.to ? `; Boot 3.0's coordinates are ${r.to.groupId}:${r.to.artifactId}` : '';
      const version = r.action === 'needs-version' ? `; Boot 3.0 does not manage its version: give it one${r.boot27?.version ? ` (Boot 2.7 managed ${r.boot27.version})` : ''}` : '';
      this.coordinates.set(key(r.from.groupId, r.from.artifactId), { text: `${r.note}${to}${version}.`, docs: GUIDE });
    }
    for (const l of build.libraries) {
      const to = l.to ? `; its Boot 3 line is ${l.to.groupId}:${l.to.artifactId}${l.version ? ` ${l.version}` : ''}` : l.version ? `; its Boot 3 line starts at ${l.version}` : '';
      if (!this.coordinates.has(key(l.from.groupId, l.from.artifactId))) this.coordinates.set(key(l.from.groupId, l.from.artifactId), { text: `${l.note}${to}.`, docs: urlOf(l.source) });
    }
    for (const t of build.targetVersions) this.coordinates.set(key(t.coordinate.groupId, t.coordinate.artifactId), { text: `${t.note}; a version that exists: ${t.version}.`, docs: urlOf(t.source) });
  }

  /** A fully qualified type the compiler could not find. */
  typeChange(fqcn: string): Explanation | undefined {
    const known = this.types.get(fqcn);
    if (known) return known;
    const dot = fqcn.lastIndexOf('.');
    return dot > 0 && /^[A-Z]/.test(fqcn.slice(dot + 1)) ? this.packageChange(fqcn.slice(0, dot), fqcn.slice(dot + 1)) : this.packageChange(fqcn);
  }

  /** A package the compiler could not find (or that a missing type `simple` lives in). */
  packageChange(pkg: string, simple?: string): Explanation | undefined {
    for (const row of this.packages) {
      const inside = pkg === row.prefix || (row.recursive && pkg.startsWith(row.prefix + '.'));
      if (!inside) continue;
      const explanation = row.explain(pkg, simple);
      if (explanation) return explanation;
    }
    return undefined;
  }

  /** A method the compiler could not find, on `owner` (fully qualified, when the compiler says). */
  methodChange(name: string, owner?: string): Explanation | undefined {
    const rows = this.methods.get(name) ?? [];
    const bare = owner?.replace(/<.*$/, '');
    const matching = rows.filter((r) => !r.owner || !bare || r.owner === bare || simpleName(r.owner) === simpleName(bare));
    // a method name alone (Kotlin says no owner) is taken only when one row has it
    if (!bare && rows.length > 1) return undefined;
    return matching[0]?.explanation;
  }

  /** A coordinate the build could not resolve, or one it needs a version for. */
  coordinateChange(groupId: string, artifactId: string, version?: string): Explanation | undefined {
    const known = this.coordinates.get(`${groupId}:${artifactId}`);
    if (known) return known;
    const build = this.table.build;
    if (!build) return undefined;
    const cloud = build.springCloud;
    if (groupId === cloud.groupId) {
      const gone = cloud.withoutRelease.find((w) => artifactId.startsWith(w.module) || artifactId.startsWith(`spring-cloud-starter-${w.module.replace(/^spring-cloud-/, '')}`));
      if (gone) return { text: `${gone.module}: ${gone.note}.`, docs: urlOf(cloud.source) };
      if (artifactId === cloud.bom.artifactId) return { text: `the Spring Cloud train for Boot 3.0 is ${cloud.train} (${cloud.codename}); the latest release the table knows is ${cloud.latest}.`, docs: urlOf(cloud.source) };
    }
    if (groupId === build.boot.groupId && version) {
      const releases = build.boot.releases.map((r) => r.version);
      if (/^3\.0\./.test(version) && !releases.includes(version)) return { text: `Spring Boot ${version} is not a release the table knows (${releases.join(', ')}).`, docs: GUIDE };
    }
    return undefined;
  }
}
