// Collects the edits and findings of one build pass run, with the guide link on every finding.
import type { Edit, FindingInput, PassResult, Severity } from '../../src/engine/types.js';
import { DOCS } from './facts.js';

/** Rules every build file kind applies (Maven and Gradle add their own to these). */
export const DEPENDENCY_RULES = [
  'build/boot-version',
  'build/java-version',
  'build/kotlin-version',
  'build/coordinates',
  'build/needs-version',
  'build/removed-dependency',
  'build/removed-integration',
  'build/version-property',
  'build/jetty-servlet',
  'build/properties-migrator',
  'build/spring-cloud-train',
  'build/spring-cloud-module',
  'build/sleuth-tracing',
  'build/library',
  'build/hand-versioned',
  'build/pinned-line',
  'build/flyway-database',
  'build/parameter-names',
  'build/jakarta-line',
  'build/jakarta-api',
];

export class PassOutput {
  readonly edits: Edit[] = [];
  readonly findings: FindingInput[] = [];
  private readonly touched = new Set<string>();

  replace(start: number, end: number, text: string, rule: string): void {
    const key = `${start}:${end}`;
    if (this.touched.has(key)) return; // one edit per span per round
    this.touched.add(key);
    this.edits.push({ start, end, text, rule });
  }

  /** True when an edit of this round already replaces exactly [start, end). */
  touches(start: number, end: number): boolean {
    return this.touched.has(`${start}:${end}`);
  }

  insert(at: number, text: string, rule: string): void {
    this.edits.push({ start: at, end: at, text, rule });
  }

  report(rule: string, severity: Severity, offset: number, message: string): void {
    this.findings.push({ rule, severity, offset, message, docs: DOCS });
  }

  result(): PassResult {
    return { edits: this.edits, findings: this.findings };
  }
}
