// Coordinate rows of a minor step: what spring-boot-dependencies stopped managing between the
// previous minor's latest patch and this minor's (data/boot-3x/spring-boot-dependencies-3x.json).
// A coordinate whose artifact Boot now manages under another group moved (rename); one that left
// with no successor needs an explicit version (the one the previous minor managed).
import type { CoordinateRow } from '../../src/table/sections/build.js';
import type { DepsFile } from './targets.js';

function coordinate(text: string): { groupId: string; artifactId: string; classifier?: string } {
  const [groupId, artifactId, classifier] = text.split(':');
  return { groupId: groupId!, artifactId: artifactId!, ...(classifier ? { classifier } : {}) };
}

export function coordinateRows(deps: DepsFile, minor: string): CoordinateRow[] {
  const step = deps.steps.find((s) => s.minor === minor);
  if (!step) throw new Error(`spring-boot-dependencies-3x.json: no step ${minor}`);
  const source = `spring-boot-dependencies-3x.json steps[${minor}] (spring-boot-dependencies ${step.from} -> ${step.to})`;
  const moved = new Set(step.moved.map((m) => m.from));
  const rows: CoordinateRow[] = step.moved.map((m) => ({
    from: coordinate(m.from),
    to: coordinate(m.to),
    action: 'rename',
    note: `Spring Boot ${minor} manages ${m.to} instead`,
    source,
  }));
  for (const r of step.removed) {
    // a classifier variant (`:jakarta`, `:test`) is not a dependency of its own here
    if (moved.has(r.coordinate) || r.managedVia || r.coordinate.split(':').length > 2) continue;
    rows.push({
      from: coordinate(r.coordinate),
      to: null,
      action: 'needs-version',
      note: `Spring Boot ${minor} no longer manages it (${step.from} managed ${r.version ?? 'it'})`,
      ...(r.version ? { boot27: { version: r.version } } : {}),
      source,
    });
  }
  for (const r of step.leftImportedBoms) {
    rows.push({
      from: coordinate(r.coordinate),
      to: null,
      action: 'needs-version',
      note: `Spring Boot ${minor} no longer manages it: ${r.bom.split(':').slice(0, 2).join(':')} stopped listing it (${r.bom.split(':')[2]} managed ${r.version ?? 'it'})`,
      ...(r.version ? { boot27: { version: r.version } } : {}),
      source,
    });
  }
  return rows;
}
