// The Java and Kotlin file passes: a cheap substring prefilter, one token scan for names,
// property keys and follow-ups, and a tree-sitter parse only for files that carry an
// annotation needing structure (@ConstructorBinding, @EnableBatchProcessing). The grammar is
// loaded by the first such file (the engine waits on NotReady), never up front.
import { ParseError, type Edit, type FilePass, type FindingInput, type PassContext, type PassResult, type SourceFile } from '../../src/engine/types.js';
import { detectEol } from '../../src/engine/text.js';
import { isIdentPart, ScanError, scanJvm, type JvmLang } from '../../src/formats/jvm-tokens.js';
import { SharedTrees } from '../../src/formats/tree-sitter.js';
import { needsAnnotations, rewriteAnnotations } from './annotations.js';
import { followUps } from './follow-ups.js';
import { RULE, buildModel, codeIndex, type CodeIndex, type FileModel } from './model.js';
import { rewriteNames } from './names.js';
import { analyseShapes, needsShapes } from './shapes.js';
import { LOST_SUPERTYPE_RULE, needsLostSupertypes, restoreLostSupertypes } from './lost-supertypes.js';
import { rewritePropertyKeys } from './property-keys.js';
import { javaxStrings } from './strings.js';
import { LIBRARY_NEEDLES, LIBRARY_RULES, migrateLibraries } from './libraries.js';
import { javaxVerdict, type JavaxVerdict } from './inert.js';
import { layoutImports, springImportOrder } from './import-layout.js';
import { appendAll } from '../../src/engine/edits.js';
import { NameSearch, NeedleSet } from '../../src/engine/needles.js';
import { tableIndex } from '../../src/table/load.js';
import type { MigrationTable } from '../../src/table/types.js';

const JVM_RULES = [
  RULE.jakarta,
  RULE.jakartaWildcard,
  RULE.jakartaMixed,
  RULE.typeRename,
  RULE.typeRenameWildcard,
  RULE.classToInterface,
  RULE.annotationAttributes,
  RULE.typeShape,
  RULE.packageRename,
  RULE.constructorBinding,
  RULE.enableBatchProcessing,
  RULE.propertyKey,
  RULE.followUp,
  RULE.jakartaString,
  LOST_SUPERTYPE_RULE,
  ...LIBRARY_RULES,
];


export function migrateJvmSource(file: SourceFile, lang: JvmLang, ctx: Parameters<FilePass['run']>[1], passId = `sources/${lang}`): PassResult {
  let tokens;
  try {
    tokens = scanJvm(file.text, lang);
  } catch (e) {
    if (e instanceof ScanError) throw new ParseError(`${lang === 'java' ? 'Java' : 'Kotlin'} source does not scan: ${e.message}`, e.offset);
    throw e;
  }
  const model = buildModel(file.text, tokens);
  // One syntax tree per file, parsed by the first rule that needs it, freed when all are done.
  const trees = new SharedTrees(file.text);
  try {
    return migrateModel(file, model, lang, ctx, passId, trees);
  } finally {
    trees.dispose();
  }
}

function migrateModel(file: SourceFile, model: FileModel, lang: JvmLang, ctx: PassContext, passId: string, trees: SharedTrees): PassResult {
  const idx = codeIndex(ctx.table);
  const eol = detectEol(file.text);
  const edits: Edit[] = [];
  const findings: FindingInput[] = [];
  // Shapes first: they decide which renames are safe in this file.
  const shapes = needsShapes(idx, model) ? analyseShapes(idx, model, lang, trees) : undefined;
  if (shapes) {
    appendAll(edits, shapes.edits);
    appendAll(findings, shapes.findings);
  }
  const names = rewriteNames(idx, model, lang, eol, shapes?.blocked);
  appendAll(edits, names.edits);
  appendAll(findings, names.findings);
  if (needsAnnotations(idx, model)) {
    const ann = rewriteAnnotations(idx, model, lang, eol, trees);
    appendAll(edits, ann.edits);
    appendAll(findings, ann.findings);
  }
  const lost = ctx.table.code?.lostSupertypes ?? [];
  if (needsLostSupertypes(lost, model)) {
    const restored = restoreLostSupertypes(lost, model, lang, eol, trees);
    appendAll(edits, restored.edits);
    appendAll(findings, restored.findings);
  }
  const keys = rewritePropertyKeys(ctx.table, model);
  appendAll(edits, keys.edits);
  appendAll(findings, keys.findings);
  const libs = migrateLibraries(file, model, lang, eol, ctx, passId, trees);
  appendAll(edits, libs.edits);
  appendAll(findings, libs.findings);
  appendAll(findings, followUps(idx, model, libs.owned));
  appendAll(findings, javaxStrings(idx, model));
  // overlapping edits are the engine's to defer: a deferred edit makes it run another round
  return { edits, findings };
}

/** The prefilter's names (prefilterNeedles). */
export interface PrefilterNeedles {
  /** Every name a rule of the pass or a library module looks for: a file naming none has no work. */
  any: NeedleSet;
  /** The same without `javax`, whose every occurrence inert.ts places instead. */
  butJavax: NeedleSet;
  /**
   * The same as they count: a rule's name as a name of its own (the rules read tokens and
   * chains, never part of a name), a library module's name anywhere (the modules search the text).
   */
  butJavaxAsRead: NameSearch;
}

/** The prefilter's names, built once per table. */
export function prefilterNeedles(table: MigrationTable): PrefilterNeedles {
  return tableIndex(table, 'sources/prefilter-needles', (t) => {
    const code = codeIndex(t).needleWords.filter((w) => w !== 'javax');
    const library = LIBRARY_NEEDLES.filter((w) => w !== 'javax');
    return { any: new NeedleSet(['javax', ...code, ...library]), butJavax: new NeedleSet([...code, ...library]), butJavaxAsRead: new NameSearch(code, library, isIdentPart) };
  });
}

/**
 * The last verdict of the Java prefilter (inert.ts): the engine runs the pass on the very text
 * its prefilter judged, and a verdict that holds the pass's answer spares the pass. Keyed by the
 * text and the table's index; any other text runs the whole pass.
 */
let lastVerdict: { idx: CodeIndex; text: string; verdict: JavaxVerdict } | undefined;

function javaPrefilter(text: string, ctx: PassContext): boolean {
  const idx = codeIndex(ctx.table);
  const verdict = javaxVerdict(ctx.table, text, prefilterNeedles(ctx.table));
  lastVerdict = Array.isArray(verdict) ? { idx, text, verdict } : undefined;
  return verdict !== 'inert';
}

/** The edits the prefilter's verdict on this very text holds, if it holds the pass's answer. */
function answeredByPrefilter(text: string, ctx: PassContext): Edit[] | undefined {
  const last = lastVerdict;
  if (!last || last.text !== text || last.idx !== codeIndex(ctx.table)) return undefined;
  lastVerdict = undefined;
  return last.verdict as Edit[];
}

function jvmPass(lang: JvmLang): FilePass {
  return {
    id: `sources/${lang}`,
    description: `${lang === 'java' ? 'Java' : 'Kotlin'} sources: javax -> jakarta, moved and removed Spring types and annotations, property keys in code, removed-API follow-ups`,
    kinds: [lang],
    rules: JVM_RULES,
    // every rule reads names and strings the others do not write (javax -> jakarta never makes
    // a name another row renames): one round reaches the fixed point (test/settles.test.ts)
    settles: true,
    prefilter(text, ctx) {
      if (!prefilterNeedles(ctx.table).any.test(text)) return false;
      // Java only: Kotlin's lexical rules (nested comments, templates, raw strings) are not walked there
      return lang !== 'java' || javaPrefilter(text, ctx);
    },
    run(file, ctx) {
      const edits = lang === 'java' ? answeredByPrefilter(file.text, ctx) : undefined;
      const result = edits ? { edits, findings: [] } : migrateJvmSource(file, lang, ctx);
      if (lang !== 'java' || !result.edits?.length || !springImportOrder(ctx.project)) return result;
      // the file scanned already (the prefilter or the pass did): a scan error cannot happen here
      const model = buildModel(file.text, scanJvm(file.text, lang));
      return { ...result, edits: layoutImports(model, result.edits, detectEol(file.text)) };
    },
  };
}

export const javaPass = jvmPass('java');
export const kotlinPass = jvmPass('kotlin');
