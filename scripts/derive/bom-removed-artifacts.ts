// Derives the artifacts a BOM that Spring Boot imports listed at its Boot 2.7 version and that are
// not published at all at its Boot 3.0 version (Jetty 9.4's jetty-alpn-openjdk8-server has no
// 11.0 release): a build that keeps one, with Boot's version or the library's version property
// raised, does not resolve. Read from the BOM POMs and the artifact POMs on Maven Central;
// writes scripts/derive/bom-removed-artifacts.json (read by the table generator).
//
//   npx tsx scripts/derive/bom-removed-artifacts.ts        (network: Maven Central only)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = (process.env.BOOT_UPGRADE_MAVEN_REPO ?? 'https://repo.maven.apache.org/maven2').replace(/\/$/, '');
const here = path.dirname(fileURLToPath(import.meta.url));
const DATA = process.env.BOOT_UPGRADE_DATA ?? path.resolve(here, '../../../shared/data');

interface Library { name: string; version: string; groups: { groupId: string; boms?: string[] }[] }
const libraries = (file: string) => (JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as { libraries: Library[] }).libraries;
const pomUrl = (g: string, a: string, v: string) => `${REPO}/${g.replace(/\./g, '/')}/${a}/${v}/${a}-${v}.pom`;

async function get(url: string): Promise<string | undefined> {
  const res = await fetch(url);
  if (res.status === 404) return undefined;
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.text();
}

/** groupId:artifactId of every managed dependency of a BOM (${project.*} resolved; other properties skipped). */
function managed(pom: string, groupId: string): string[] {
  const dm = /<dependencyManagement>([\s\S]*?)<\/dependencyManagement>/.exec(pom)?.[1] ?? '';
  const out: string[] = [];
  for (const d of dm.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)) {
    const g = /<groupId>\s*([^<\s]+)\s*<\/groupId>/.exec(d[1]!)?.[1]?.replace('${project.groupId}', groupId);
    const a = /<artifactId>\s*([^<\s]+)\s*<\/artifactId>/.exec(d[1]!)?.[1];
    if (g && a && !g.includes('${') && !a.includes('${') && !/<scope>\s*import\s*<\/scope>/.test(d[1]!)) out.push(`${g}:${a}`);
  }
  return [...new Set(out)];
}

async function main() {
  const v27 = libraries('spring-boot-dependencies-2.7.json');
  const v30 = libraries('spring-boot-dependencies-3.0.json');
  const rows = [];
  for (const lib of v30) {
    const old = v27.find((l) => l.name === lib.name);
    if (!old) continue;
    for (const g of lib.groups) {
      for (const bom of g.boms ?? []) {
        if (!old.groups.some((o) => o.groupId === g.groupId && o.boms?.includes(bom))) continue;
        const before = await get(pomUrl(g.groupId, bom, old.version));
        const after = await get(pomUrl(g.groupId, bom, lib.version));
        if (!before || !after) throw new Error(`${g.groupId}:${bom}: no POM at ${before ? lib.version : old.version}`);
        const now = new Set(managed(after, g.groupId));
        for (const ga of managed(before, g.groupId)) {
          if (now.has(ga)) continue;
          const [ag, aa] = ga.split(':') as [string, string];
          if (await get(pomUrl(ag, aa, lib.version))) continue; // dropped from the BOM but still published
          rows.push({ groupId: ag, artifactId: aa, library: lib.name, bom: `${g.groupId}:${bom}`, version27: old.version, version30: lib.version, source: `${pomUrl(g.groupId, bom, old.version)} lists it; ${pomUrl(g.groupId, bom, lib.version)} does not, and ${pomUrl(ag, aa, lib.version)} does not exist` });
        }
      }
    }
  }
  const out = path.join(here, 'bom-removed-artifacts.json');
  writeFileSync(out, JSON.stringify({ derivedBy: 'scripts/derive/bom-removed-artifacts.ts', artifacts: rows }, null, 2) + '\n');
  console.log(`${out}: ${rows.length} artifacts`);
}

await main();
