// What the checks collect: a version pin below what Boot 3.0 needs, placed at the line to change
// (the property definition when the version is `${name}`), each place once.
import type { FindingInput } from '../../src/engine/types.js';
import type { CoherenceLibrary } from '../../src/table/sections/coherence.js';
import { belowMinimum, DOCS, ruleFor, staleMessage } from './facts.js';

export class StalePins {
  private readonly seen = new Set<string>();
  readonly findings: FindingInput[] = [];

  /**
   * Records `version` of `lib` written at `path`@`offset` when it is below the minimum: an error
   * in a Boot module, a warning in a module that does not use Boot (it may be built on its own,
   * but a Boot 3.0 module that depends on it needs it moved too).
   */
  check(lib: CoherenceLibrary, version: string | undefined, path: string, offset: number, where: string, bootModule: boolean): void {
    if (version === undefined || !belowMinimum(lib, version)) return;
    const key = `${path}\0${offset}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const message = staleMessage(lib, version, where, bootModule);
    this.findings.push({ rule: ruleFor(lib), severity: bootModule ? 'error' : 'warning', path, offset, message, docs: DOCS });
  }

  add(finding: FindingInput & { path: string; offset: number }): void {
    const key = `${finding.path}\0${finding.offset}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.findings.push(finding);
  }
}
