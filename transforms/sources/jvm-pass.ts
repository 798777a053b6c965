// The Java and Kotlin file passes: a cheap substring prefilter, one token scan for names,
// property keys and follow-ups, and a tree-sitter parse only for files that carry an
// annotation needing structure (@ConstructorBinding, @EnableBatchProcessing). The grammar is
// loaded by the first such file (the engine waits on NotReady), never up front.
import { ParseError, type Edit, type FilePass, type FindingInput, type PassResult, type SourceFile } from '../../src/engine/types.js';
import { detectEol } from '../../src/engine/text.js';
import { ScanError, scanJvm, type JvmLang } from '../../src/formats/jvm-tokens.js';
import { needsAnnotations, rewriteAnnotations } from './annotations.js';
import { followUps } from './follow-ups.js';
import { RULE, buildModel, codeIndex } from './model.js';
import { rewriteNames } from './names.js';
import { analyseShapes, needsShapes } from './shapes.js';
import { LOST_SUPERTYPE_RULE, needsLostSupertypes, restoreLostSupertypes } from './lost-supertypes.js';
import { rewritePropertyKeys } from './property-keys.js';
import { javaxStrings } from './strings.js';
import { LIBRARY_NEEDLES, LIBRARY_RULES, libraryProjectReads, migrateLibraries } from './libraries.js';
import { needlesInert } from './inert.js';
import { appendAll } from '../../src/engine/edits.js';
import { NeedleSet } from '../../src/engine/needles.js';
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
  const idx = codeIndex(ctx.table);
  let tokens;
  try {
    tokens = scanJvm(file.text, lang);
  } catch (e) {
    if (e instanceof ScanError) throw new ParseError(`${lang === 'java' ? 'Java' : 'Kotlin'} source does not scan: ${e.message}`, e.offset);
    throw e;
  }
  const model = buildModel(file.text, tokens);
  const eol = detectEol(file.text);
  const edits: Edit[] = [];
  const findings: FindingInput[] = [];
  // Shapes first: they decide which renames are safe in this file.
  const shapes = needsShapes(idx, model) ? analyseShapes(idx, model, lang) : undefined;
  if (shapes) {
    appendAll(edits, shapes.edits);
    appendAll(findings, shapes.findings);
  }
  const names = rewriteNames(idx, model, lang, eol, shapes?.blocked);
  appendAll(edits, names.edits);
  appendAll(findings, names.findings);
  if (needsAnnotations(idx, model)) {
    const ann = rewriteAnnotations(idx, model, lang, eol);
    appendAll(edits, ann.edits);
    appendAll(findings, ann.findings);
  }
  const lost = ctx.table.code?.lostSupertypes ?? [];
  if (needsLostSupertypes(lost, model)) {
    const restored = restoreLostSupertypes(lost, model, lang, eol);
    appendAll(edits, restored.edits);
    appendAll(findings, restored.findings);
  }
  const keys = rewritePropertyKeys(ctx.table, model);
  appendAll(edits, keys.edits);
  appendAll(findings, keys.findings);
  const libs = migrateLibraries(file, model, lang, eol, ctx, passId);
  appendAll(edits, libs.edits);
  appendAll(findings, libs.findings);
  appendAll(findings, followUps(idx, model, libs.owned));
  appendAll(findings, javaxStrings(idx, model));
  // overlapping edits are the engine's to defer: a deferred edit makes it run another round
  return { edits, findings };
}

/**
 * The prefilter's names, built once per table: every name a rule of the pass or a library
 * module looks for (a file naming none has no work), and the same without `javax`, whose every
 * occurrence inert.ts places instead.
 */
export function prefilterNeedles(table: MigrationTable): { any: NeedleSet; butJavax: NeedleSet } {
  return tableIndex(table, 'sources/prefilter-needles', (t) => {
    const words = [...codeIndex(t).needleWords, ...LIBRARY_NEEDLES];
    return { any: new NeedleSet(words), butJavax: new NeedleSet(words.filter((w) => w !== 'javax')) };
  });
}

function jvmPass(lang: JvmLang): FilePass {
  return {
    id: `sources/${lang}`,
    description: `${lang === 'java' ? 'Java' : 'Kotlin'} sources: javax -> jakarta, moved and removed Spring types and annotations, property keys in code, removed-API follow-ups`,
    kinds: [lang],
    rules: JVM_RULES,
    // Isolated with a snapshot: the library modules read the project (a build naming springdoc,
    // a RoleHierarchy bean in another file); the worker gets those texts (libraryProjectReads),
    // taken before any file pass runs, as the main thread's view holds them.
    isolated: true,
    projectReads: libraryProjectReads,
    // every rule reads names and strings the others do not write (javax -> jakarta never makes
    // a name another row renames): one round reaches the fixed point (test/settles.test.ts)
    settles: true,
    prefilter(text, ctx) {
      const needles = prefilterNeedles(ctx.table);
      if (!needles.any.test(text)) return false;
      // Java only: Kotlin's lexical rules (nested comments, templates, raw strings) are not walked there
      return lang !== 'java' || !needlesInert(codeIndex(ctx.table), text, needles.butJavax);
    },
    run(file, ctx) {
      return migrateJvmSource(file, lang, ctx);
    },
  };
}

export const javaPass = jvmPass('java');
export const kotlinPass = jvmPass('kotlin');
