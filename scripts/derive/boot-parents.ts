// Derives which Spring Boot each release of a parent POM outside Spring Boot carries, from the
// POMs published on Maven Central, and writes scripts/derive/boot-parents.json (read by the table
// generator). A parent listed here is one real repositories inherit Boot from without naming Boot's
// own parent; the run needs to know, for the release a repository is on, whether it is Boot 2 and
// which release carries Boot 3.0.
//
//   npx tsx scripts/derive/boot-parents.ts        (network: Maven Central only)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = (process.env.BOOT_UPGRADE_MAVEN_REPO ?? 'https://repo.maven.apache.org/maven2').replace(/\/$/, '');
/** The parents to derive, and the release lines read (older lines carry Boot 1 or early 2). */
const PARENTS = [{ groupId: 'org.springframework.cloud', artifactId: 'spring-cloud-build', lines: /^(3\.1|4\.0)\.\d+$/ }];

async function text(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.text();
}

const property = (pom: string, name: string) => new RegExp(`<${name.replace(/\./g, '\\.')}>\\s*([^<\\s]+)\\s*</${name.replace(/\./g, '\\.')}>`).exec(pom)?.[1];

async function main() {
  const parents = [];
  for (const p of PARENTS) {
    const base = `${REPO}/${p.groupId.replace(/\./g, '/')}/${p.artifactId}`;
    const versions = [...(await text(`${base}/maven-metadata.xml`)).matchAll(/<version>([^<]+)<\/version>/g)].map((m) => m[1]!).filter((v) => p.lines.test(v));
    const releases = [];
    for (const version of versions) {
      const pom = await text(`${base}/${version}/${p.artifactId}-${version}.pom`);
      // the Boot a module inheriting this parent builds on: spring-cloud-build's spring-boot.version
      // property, which its Boot plugins and its spring-boot-dependencies import use
      const boot = property(pom, 'spring-boot.version');
      if (!boot) throw new Error(`${p.artifactId} ${version}: no spring-boot.version`);
      releases.push({ version, boot });
    }
    parents.push({ groupId: p.groupId, artifactId: p.artifactId, releases, source: `${base}/<version>/${p.artifactId}-<version>.pom (its spring-boot.version property), versions from ${base}/maven-metadata.xml` });
  }
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'boot-parents.json');
  writeFileSync(out, JSON.stringify({ derivedBy: 'scripts/derive/boot-parents.ts', parents }, null, 2) + '\n');
  console.log(`${out}: ${parents.map((p) => `${p.artifactId} ${p.releases.length} releases`).join(', ')}`);
}

await main();
