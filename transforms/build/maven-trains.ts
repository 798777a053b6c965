// build/maven, the versions that move with Boot besides Boot's own: Spring Cloud's train
// (build/spring-cloud-train, spring-cloud.ts) and the pins of builds that version Boot by hand
// (build/hand-versioned, hand-versioned.ts). Called from maven.ts on the pom being migrated.
import { textValue } from '../../src/formats/xml.js';
import type { BomTarget } from './facts.js';
import { HAND_VERSIONED_RULE, handVersionedMessage, isNewLine } from './hand-versioned.js';
import { importedBomOf, setValue, usesOfProperty, usesOfThisPom, type PomRun } from './maven.js';
import type { DepRef, PropertyUse } from './pom-model.js';
import { trainKept, trainRaised } from './spring-cloud.js';

/** spring-cloud-dependencies below the 2022.0 train: a literal is raised; a property is raised where it is defined, or reported here when shared. */
export function cloudTrainImport(run: PomRun, dep: DepRef, bom: BomTarget, raw: string, value: string, prop: string | undefined): void {
  if (prop) {
    if (importedBomOf(run.facts, usesOfProperty(run, prop)) === undefined) {
      run.out.report(bom.rule, 'warning', dep.el.start, trainKept(run.facts, value, `\${${prop}}`, `\${${prop}} also versions other coordinates`));
    }
    return;
  }
  if (raw.includes('${')) return;
  setValue(run, dep.version!, bom.version, bom.rule, 'spring-cloud-dependencies version');
  run.out.report(bom.rule, 'info', dep.el.start, trainRaised(run.facts, value));
}

/** A literal import of a BOM Boot imports, in a build that versions Boot by hand: a Boot 2 line moves to Boot 3.0's. */
export function handVersionedBom(run: PomRun, dep: DepRef, bom: BomTarget, key: string): void {
  const raw = textValue(run.text, dep.version);
  if (raw === undefined || raw.includes('${') || !isNewLine(raw, bom.version) || !handVersioned(run, usesOfThisPom(run))) return;
  setValue(run, dep.version!, bom.version, HAND_VERSIONED_RULE, `${key} version`);
  run.out.report(HAND_VERSIONED_RULE, 'info', dep.el.start, handVersionedMessage(run.facts, `${key} version`, raw, bom.version, key));
}

/** Not Boot-managed, but Boot artifacts are declared in this pom's chain or versioned by its properties: Boot by hand. */
export function handVersioned(run: PomRun, uses: Map<string, PropertyUse[]>): boolean {
  const boot = run.facts.section.boot.groupId;
  if (run.bootManaged || run.boot3) return false;
  if (run.models.some((m) => m.deps.some((d) => d.kind !== 'exclusion' && textValue(m.text, d.groupId) === boot))) return true;
  return [...uses.values()].some((list) => list.some((u) => u.groupId === boot));
}
