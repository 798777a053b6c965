// META-INF/spring.factories: Boot 3.0 no longer reads EnableAutoConfiguration nor the test-slice
// keys (@ImportAutoConfiguration annotations such as AutoConfigureMockMvc, or a slice annotation
// the repository declares itself) from it. Every class listed under such a key moves to its
// .imports file under META-INF/spring/ (one per line, merged with an existing file, no
// duplicates). Other keys stay; the file goes when nothing is left. --keep-factories keeps the
// entries too, for libraries that must still load on Boot 2.7.
import { parseProperties, type PropertyEntry } from '../../src/formats/properties.js';
import { detectEol } from '../../src/engine/text.js';
import type { Edit, FileOp, FindingInput, PassContext, ProjectFile, ProjectPass, ProjectResult, ProjectView } from '../../src/engine/types.js';
import { ParseError } from '../../src/engine/types.js';
import type { FactoriesRows } from '../../src/table/sections/project.js';
import { projectSection } from './rules.js';
import { declaredTypes, type DeclaredType } from './slice-annotations.js';

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

/** `.../META-INF/spring.factories` + `META-INF/spring/x.imports` -> `.../META-INF/spring/x.imports`. */
function besideMetaInf(factoriesPath: string, file: string): string {
  const metaInf = metaInfDir(factoriesPath); // .../META-INF
  return `${metaInf.slice(0, metaInf.length - 'META-INF'.length)}${file}`;
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

/** One key whose classes Boot 3.0 reads only from an .imports file. */
interface Move {
  key: string;
  /** Path of the .imports file, relative to the resources root (`META-INF/spring/...`). */
  importsFile: string;
  rule: string;
  entries: PropertyEntry[];
  classes: string[];
}

interface Plan {
  moves: Move[];
  others: PropertyEntry[];
}

/**
 * EnableAutoConfiguration goes to AutoConfiguration.imports; a test-slice key (an
 * @ImportAutoConfiguration annotation such as AutoConfigureMockMvc) to `META-INF/spring/<key>.imports`,
 * the file Boot 2.7 already reads beside spring.factories and Boot 3.0 reads alone.
 */
function plan(text: string, rows: FactoriesRows, ownSlices: ReadonlyMap<string, DeclaredType> = new Map()): Plan {
  const { entries } = parseProperties(text);
  const byKey = new Map<string, Move>();
  const others: PropertyEntry[] = [];
  for (const e of entries) {
    const auto = e.key === rows.autoConfigurationKey;
    if (!auto && !isTestSliceKey(e.key, rows) && !ownSlices.get(e.key)?.importsByKey) {
      others.push(e);
      continue;
    }
    let m = byKey.get(e.key);
    if (!m) {
      m = { key: e.key, importsFile: auto ? rows.importsFile : `META-INF/spring/${e.key}.imports`, rule: auto ? FACTORIES_RULE : TEST_SLICE_RULE, entries: [], classes: [] };
      byKey.set(e.key, m);
    }
    m.entries.push(e);
    for (const c of factoryClasses(e.value)) if (!m.classes.includes(c)) m.classes.push(c);
  }
  return { moves: [...byKey.values()], others };
}

/** The classes a spring.factories file lists under EnableAutoConfiguration (none when it does not parse). */
export function autoConfigurationClasses(text: string, rows: FactoriesRows): string[] {
  try {
    return plan(text, rows).moves.find((m) => m.rule === FACTORIES_RULE)?.classes ?? [];
  } catch {
    return [];
  }
}

/** Appends the classes an existing imports file lacks, in its own line ending. */
function mergeInto(imports: ProjectFile, classes: string[], header: string[], rule: string): Edit[] {
  const text = imports.text ?? '';
  const present = new Set(importedClasses(text));
  const missing = classes.filter((c) => !present.has(c));
  if (missing.length === 0) return [];
  const eol = detectEol(text);
  const lead = text.length === 0 || text.endsWith('\n') || text.endsWith('\r') ? '' : eol;
  const body = [...header, ...missing].join(eol) + eol;
  return [{ start: text.length, end: text.length, text: lead + body, rule }];
}

/** Keys of every spring.factories that neither the table's rows nor EnableAutoConfiguration account for. */
function otherKeys(files: readonly ProjectFile[], rows: FactoriesRows): string[] {
  const keys = new Set<string>();
  for (const f of files) {
    try {
      for (const e of parseProperties(f.text ?? '').entries) if (e.key !== rows.autoConfigurationKey && !isTestSliceKey(e.key, rows)) keys.add(e.key);
    } catch {
      // reported by migrateFile
    }
  }
  return [...keys];
}

/**
 * A key named like a test slice (`AutoConfigure...`) that no source of the repository declares:
 * a library's @ImportAutoConfiguration annotation, or not one at all. Nothing here tells which,
 * so it stays, and the finding says what Boot 3.0 would need.
 */
function unknownSliceFindings(file: ProjectFile, text: string, rows: FactoriesRows, declared: ReadonlyMap<string, DeclaredType>): FindingInput[] {
  const out: FindingInput[] = [];
  const seen = new Set<string>();
  for (const e of parseProperties(text).entries) {
    const simple = e.key.slice(e.key.lastIndexOf('.') + 1);
    if (seen.has(e.key) || declared.has(e.key) || e.key === rows.autoConfigurationKey || isTestSliceKey(e.key, rows) || !simple.startsWith(rows.testSliceSimpleNamePrefix)) continue;
    seen.add(e.key);
    out.push({
      rule: TEST_SLICE_RULE,
      severity: 'warning',
      path: file.path,
      offset: e.keyStart,
      message: `${e.key} is named like a test slice but no source in this repository declares it, so it was left in spring.factories: if it is an @ImportAutoConfiguration annotation, Boot 3.0 reads its classes only from ${besideMetaInf(file.path, `META-INF/spring/${e.key}.imports`)}; move them there (one per line)`,
      docs: rows.docs,
    });
  }
  return out;
}

function migrateFile(file: ProjectFile, project: ProjectView, ctx: PassContext, declared: ReadonlyMap<string, DeclaredType>): ProjectResult {
  const rows = projectSection(ctx.table).factories;
  const text = file.text ?? '';
  let p: Plan;
  try {
    p = plan(text, rows, declared);
  } catch (e) {
    const why = e instanceof ParseError ? e.message : String(e);
    return { findings: [{ rule: 'parse-error', severity: 'error', path: file.path, offset: e instanceof ParseError ? e.offset : 0, message: `cannot parse: ${why}; left unchanged`, docs: rows.docs }] };
  }
  const unknown = unknownSliceFindings(file, text, rows, declared);
  if (p.moves.length === 0) return { findings: unknown };
  const keep = ctx.options.keepFactories === true;
  const deleteFile = !keep && p.others.length === 0;
  const edits: { path: string; edits: Edit[] }[] = [];
  const fileOps: FileOp[] = [];
  const findings: FindingInput[] = [...unknown];
  const eol = detectEol(text);
  // The comments of a deleted file go with its first moved key.
  let header = deleteFile ? commentLines(text) : [];
  for (const m of p.moves) {
    const importsPath = besideMetaInf(file.path, m.importsFile);
    const existing = project.byPath.get(importsPath);
    if (existing) {
      const merged = mergeInto(existing, m.classes, header, m.rule);
      if (merged.length) edits.push({ path: importsPath, edits: merged });
    } else if (m.classes.length) {
      fileOps.push({ op: 'create', path: importsPath, content: [...header, ...m.classes].join(eol) + eol, rule: m.rule });
    }
    header = [];
    if (m.rule === TEST_SLICE_RULE) {
      const own = declared.get(m.key);
      const what = own ? `${m.key} (declared in ${own.path}, annotated @ImportAutoConfiguration)` : m.key;
      findings.push({ rule: TEST_SLICE_RULE, severity: 'info', path: file.path, offset: m.entries[0]!.keyStart, message: `test slice ${what}: its auto-configurations moved to ${importsPath} (Boot 3.0 reads them only there)`, docs: rows.docs });
    }
  }
  if (deleteFile) fileOps.push({ op: 'delete', path: file.path, rule: FACTORIES_RULE });
  else if (!keep) {
    const removed = p.moves.flatMap((m) => m.entries.map((e) => ({ start: e.lineStart, end: e.lineEnd, text: '', rule: m.rule })));
    edits.push({ path: file.path, edits: removed });
  }
  return { edits, fileOps, findings };
}

export const factoriesPass: ProjectPass = {
  id: 'project/factories',
  description: 'move EnableAutoConfiguration and test-slice entries of META-INF/spring.factories into their META-INF/spring/*.imports files',
  rules: [FACTORIES_RULE, TEST_SLICE_RULE, 'parse-error'],
  // the sources say which other keys are the repository's own @ImportAutoConfiguration annotations
  kinds: ['spring-factories', 'autoconfig-imports', 'java', 'kotlin'],
  run(project, ctx) {
    const result: Required<ProjectResult> = { edits: [], fileOps: [], findings: [] };
    const factories = project.ofKind('spring-factories');
    if (factories.length === 0) return result;
    const declared = declaredTypes(project, otherKeys(factories, projectSection(ctx.table).factories));
    for (const file of factories) {
      const r = migrateFile(file, project, ctx, declared);
      result.edits.push(...(r.edits ?? []));
      result.fileOps.push(...(r.fileOps ?? []));
      result.findings.push(...(r.findings ?? []));
    }
    return result;
  },
};
