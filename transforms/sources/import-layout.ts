// Import order in builds checked by spring-javaformat's checkstyle rules (SpringImportOrderCheck,
// every release but 0.0.29): groups `java.`, `javax.`, everything else, `org.springframework.`,
// then static imports; each group in order (dot-separated names compared part by part), one blank
// line between groups. `javax.servlet` -> `jakarta.servlet` edited in place leaves the import in
// the javax group, which the check then fails ("Wrong order", "separated internally"), stopping
// the build. When the file's import block was laid out exactly so before the run, the block the
// run's edits leave is laid out the same way, as one edit; any other block (comments between
// imports, another layout) keeps the edits as they are.
import type { Edit, ProjectView } from '../../src/engine/types.js';
import { buildFilesMatch } from '../../src/engine/project-text.js';
import { applyEdits } from '../../src/engine/edits.js';
import type { FileModel } from './model.js';

const SPRING_JAVAFORMAT = /io\.spring\.javaformat/;
const IMPORT_LINE = /^import\s+(static\s+)?([\w$]+(?:\s*\.\s*[\w$]+)*(?:\s*\.\s*\*)?)\s*;$/;
const ROOT = 'org.springframework';

/** Does the build check imports with spring-javaformat (asked before the file's model is made)? */
export function springImportOrder(project: ProjectView): boolean {
  return buildFilesMatch(project, SPRING_JAVAFORMAT);
}

export function layoutImports(model: FileModel, edits: Edit[], eol: string): Edit[] {
  if (!model.imports.length || !edits.length) return edits;
  const start = model.tokens[model.imports[0]!.startToken]!.start;
  const end = model.tokens[model.imports[model.imports.length - 1]!.endToken]!.end;
  const inside = edits.filter((e) => e.start >= start && e.end <= end);
  if (!inside.length || edits.some((e) => e.start < end && e.end > start && !inside.includes(e))) return edits;
  const before = model.text.slice(start, end);
  if (layout(before, eol) !== before) return edits;
  const spliced = applyEdits(before, inside.map((e) => ({ ...e, start: e.start - start, end: e.end - start })));
  if (spliced.deferred.length) return edits; // two edits overlap: the engine defers one, and so does the layout
  const after = spliced.text;
  const laid = layout(after, eol);
  if (laid === undefined || laid === after) return edits;
  return [...edits.filter((e) => !inside.includes(e)), { start, end, text: laid, rule: inside[0]!.rule }];
}

/** The block laid out by the rule, or undefined when a line is not a lone import declaration. */
function layout(block: string, eol: string): string | undefined {
  const groups: string[][] = [[], [], [], [], []];
  for (const raw of block.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const m = IMPORT_LINE.exec(line);
    if (!m) return undefined;
    const name = m[2]!.replace(/\s+/g, '');
    groups[m[1] ? 4 : groupOf(name)]!.push(line);
  }
  const nameOf = (line: string) => IMPORT_LINE.exec(line)![2]!.replace(/\s+/g, '');
  return groups
    .filter((g) => g.length)
    .map((g) => [...new Set(g)].sort((a, b) => compareNames(nameOf(a), nameOf(b))).join(eol))
    .join(eol + eol);
}

function groupOf(name: string): number {
  if (name.startsWith('java.')) return 0;
  if (name.startsWith('javax.')) return 1;
  if (name.startsWith(`${ROOT}.`)) return 3;
  return 2;
}

/** Checkstyle's ImportOrder comparison: part by part, then the shorter name first. */
function compareNames(a: string, b: string): number {
  const x = a.split('.');
  const y = b.split('.');
  for (let i = 0; i < x.length && i < y.length; i++) {
    if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  }
  return x.length - y.length;
}
