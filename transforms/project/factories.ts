// META-INF/spring.factories: Boot 3.0 no longer reads EnableAutoConfiguration from it. Every class
// listed under that key moves to META-INF/spring/...AutoConfiguration.imports (one per line,
// merged with an existing file, no duplicates). Other keys stay; the file goes when nothing is
// left. --keep-factories keeps the entry too, for libraries that must still load on Boot 2.7.
import { parseProperties, type PropertyEntry } from '../../src/formats/properties.js';
import { detectEol } from '../../src/engine/text.js';
import type { Edit, FileOp, FindingInput, PassContext, ProjectFile, ProjectPass, ProjectResult, ProjectView } from '../../src/engine/types.js';
import { ParseError } from '../../src/engine/types.js';
import type { FactoriesRows } from '../../src/table/sections/project.js';
import { projectSection } from './rules.js';

export const FACTORIES_RULE = 'project/spring-factories';
export const TEST_SLICE_RULE = 'project/spring-factories-test-slice';

/** Class names listed in a spring.factories value (comma separated, blanks ignored). */
export function factoryClasses(value: string): string[] {
  return value
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
}

/** Class names of an .imports file: one per line, `#` comments and blanks ignored. */
export function importedClasses(text: string): string[] {
  return text
    .split(/\r?\n|\r/)
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter(Boolean);
}

function metaInfDir(p: string): string {
  return p.slice(0, p.lastIndexOf('/'));
}

function importsPathFor(factoriesPath: string, rows: FactoriesRows): string {
  const metaInf = metaInfDir(factoriesPath); // .../META-INF
  return `${metaInf.slice(0, metaInf.length - 'META-INF'.length)}${rows.importsFile}`;
}

function isTestSliceKey(key: string, rows: FactoriesRows): boolean {
  const simple = key.slice(key.lastIndexOf('.') + 1);
  return rows.testSlicePrefixes.some((p) => key.startsWith(p)) && simple.startsWith(rows.testSliceSimpleNamePrefix);
}

/** Comment lines of the file, in order (kept when the file itself goes away). */
function commentLines(text: string): string[] {
  return text
    .split(/\r?\n|\r/)
    .filter((l) => /^\s*[#!]/.test(l))
    .map((l) => l.trim().replace(/^!/, '#'));
}

interface Plan {
  classes: string[];
  autoEntries: PropertyEntry[];
  others: PropertyEntry[];
}

function plan(text: string, rows: FactoriesRows): Plan {
  const { entries } = parseProperties(text);
  const autoEntries = entries.filter((e) => e.key === rows.autoConfigurationKey);
  const classes = [...new Set(autoEntries.flatMap((e) => factoryClasses(e.value)))];
  return { classes, autoEntries, others: entries.filter((e) => e.key !== rows.autoConfigurationKey) };
}

/** Appends the classes an existing imports file lacks, in its own line ending. */
function mergeInto(imports: ProjectFile, classes: string[], header: string[]): Edit[] {
  const text = imports.text ?? '';
  const present = new Set(importedClasses(text));
  const missing = classes.filter((c) => !present.has(c));
  if (missing.length === 0) return [];
  const eol = detectEol(text);
  const lead = text.length === 0 || text.endsWith('\n') || text.endsWith('\r') ? '' : eol;
  const body = [...header, ...missing].join(eol) + eol;
  return [{ start: text.length, end: text.length, text: lead + body, rule: FACTORIES_RULE }];
}

function migrateFile(file: ProjectFile, project: ProjectView, ctx: PassContext): ProjectResult {
  const rows = projectSection(ctx.table).factories;
  const text = file.text ?? '';
  let p: Plan;
  try {
    p = plan(text, rows);
  } catch (e) {
    const why = e instanceof ParseError ? e.message : String(e);
    return { findings: [{ rule: 'parse-error', severity: 'error', path: file.path, offset: e instanceof ParseError ? e.offset : 0, message: `cannot parse: ${why}; left unchanged`, docs: rows.docs }] };
  }
  const findings: FindingInput[] = p.others
    .filter((e) => isTestSliceKey(e.key, rows))
    .map((e) => ({
      rule: TEST_SLICE_RULE,
      severity: 'error' as const,
      path: file.path,
      offset: e.keyStart,
      message: `Boot 3.0 reads the auto-configurations of test slice ${e.key} only from META-INF/spring/${e.key}.imports (one class per line); spring.factories entries for it are ignored. Move them there.`,
      docs: rows.docs,
    }));
  if (p.autoEntries.length === 0) return { findings };
  const keep = ctx.options.keepFactories === true;
  const deleteFile = !keep && p.others.length === 0;
  const header = deleteFile ? commentLines(text) : [];
  const importsPath = importsPathFor(file.path, rows);
  const existing = project.byPath.get(importsPath);
  const edits: { path: string; edits: Edit[] }[] = [];
  const fileOps: FileOp[] = [];
  if (existing) {
    const merged = mergeInto(existing, p.classes, header);
    if (merged.length) edits.push({ path: importsPath, edits: merged });
  } else if (p.classes.length) {
    const eol = detectEol(text);
    fileOps.push({ op: 'create', path: importsPath, content: [...header, ...p.classes].join(eol) + eol, rule: FACTORIES_RULE });
  }
  if (deleteFile) fileOps.push({ op: 'delete', path: file.path, rule: FACTORIES_RULE });
  else if (!keep) edits.push({ path: file.path, edits: p.autoEntries.map((e) => ({ start: e.lineStart, end: e.lineEnd, text: '', rule: FACTORIES_RULE })) });
  return { edits, fileOps, findings };
}

export const factoriesPass: ProjectPass = {
  id: 'project/factories',
  description: 'move EnableAutoConfiguration entries of META-INF/spring.factories into META-INF/spring/...AutoConfiguration.imports',
  rules: [FACTORIES_RULE, TEST_SLICE_RULE, 'parse-error'],
  kinds: ['spring-factories', 'autoconfig-imports'],
  run(project, ctx) {
    const result: Required<ProjectResult> = { edits: [], fileOps: [], findings: [] };
    for (const file of project.ofKind('spring-factories')) {
      const r = migrateFile(file, project, ctx);
      result.edits.push(...(r.edits ?? []));
      result.fileOps.push(...(r.fileOps ?? []));
      result.findings.push(...(r.findings ?? []));
    }
    return result;
  },
};
