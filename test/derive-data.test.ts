// data/boot-3x is what scripts/data/derive-boot-3x.ts makes from the published artifacts: with the
// artifacts its provenance lists in the local Maven repository (npm run derive-data put them there),
// the derivation run again offline gives the committed files byte for byte. Without them the test
// says so and is skipped: it never reaches the network.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifactFile, type Artifact } from '../scripts/data/maven.js';
import { DATA_DIR, derive, serialize } from '../scripts/data/derive-boot-3x.js';

interface Provenance {
  derived: string;
  artifacts: { coordinate: string; sha256: string }[];
}

function artifactOf(coordinate: string): Artifact {
  const [groupId, artifactId, version, ...rest] = coordinate.split(':');
  const type = rest[0] === 'pom' ? 'pom' : undefined;
  const classifier = type ? rest[1] : rest[0];
  return { groupId: groupId!, artifactId: artifactId!, version: version!, ...(type ? { type } : {}), ...(classifier ? { classifier } : {}) };
}

const provenance = JSON.parse(readFileSync(path.join(DATA_DIR(), 'provenance.json'), 'utf8')) as Provenance;
const missing = provenance.artifacts.filter((a) => !existsSync(artifactFile(artifactOf(a.coordinate))));

describe('data/boot-3x', () => {
  it('names every artifact it was derived from with its SHA-256', () => {
    expect(provenance.artifacts.length).toBeGreaterThan(100);
    for (const a of provenance.artifacts) expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it.skipIf(missing.length > 0)(`is what the derivation makes from those artifacts${missing.length ? ` (skipped: ${missing.length} not in the local Maven repository, first ${missing[0]!.coordinate})` : ''}`, () => {
    const { files, log } = derive(true);
    for (const [name, value] of Object.entries(files)) {
      expect(serialize(value), name).toBe(readFileSync(path.join(DATA_DIR(), name), 'utf8'));
    }
    expect(log.list()).toEqual(provenance.artifacts.map((a) => expect.objectContaining({ coordinate: a.coordinate, sha256: a.sha256 })));
  }, 600_000);
});
