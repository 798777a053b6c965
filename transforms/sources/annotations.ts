// Annotations that need structure: type-level @ConstructorBinding (removed; moved to the
// binding constructor when a class has several) and @EnableBatchProcessing (removed, with a
// finding). Which class an annotation sits on and how many constructors it has comes from
// tree-sitter; the imports left unused are removed by line.
import type { Edit, FindingInput } from '../../src/engine/types.js';
import { type GrammarLang, type Node, type SharedTrees, nodesOfType, withSharedTree } from '../../src/formats/tree-sitter.js';
import { type CodeIndex, type FileModel, type ImportDecl, RULE, chainText } from './model.js';

export interface AnnotationResult {
  edits: Edit[];
  findings: FindingInput[];
}

const ANNOTATION_TYPES = new Set(['annotation', 'marker_annotation']);
const JAVA_TYPE_DECLS = new Set(['class_declaration', 'record_declaration']);

/** The annotation's name as written (`ConstructorBinding`, `a.b.ConstructorBinding`). */
function annotationName(node: Node, lang: GrammarLang): string {
  if (lang === 'java') return node.childForFieldName('name')?.text ?? '';
  // Kotlin: (annotation (user_type (identifier)...)) or (annotation (constructor_invocation (user_type ...)))
  const user = nodesOfType(node, 'user_type')[0];
  return user?.text.replace(/\s+/g, '') ?? '';
}

const hasArguments = (node: Node, lang: GrammarLang) =>
  lang === 'java' ? node.type === 'annotation' : nodesOfType(node, 'value_arguments').length > 0;

/**
 * Deletes a node; when it is alone on its line, the whole line (with its line break) goes. A
 * member removed with `blankLine` takes a blank line beside it, so that its removal leaves no
 * double blank line: 'before', the blank line above it; 'after', the blank line below it when a
 * blank line or the line opening the body (`{`) is above it.
 */
export function removalEdit(text: string, start: number, end: number, rule: string, blankLine?: 'before' | 'after'): Edit {
  const e = lineRemoval(text, start, end, rule);
  if (blankLine === 'before') return withBlankLineBefore(text, e);
  if (blankLine === 'after') return withBlankLineAfter(text, e);
  return e;
}

function lineRemoval(text: string, start: number, end: number, rule: string): Edit {
  let s = start;
  while (s > 0 && (text[s - 1] === ' ' || text[s - 1] === '\t')) s--;
  let e = end;
  while (e < text.length && (text[e] === ' ' || text[e] === '\t')) e++;
  const lineStart = s === 0 || text[s - 1] === '\n';
  const lineEnd = e >= text.length || text[e] === '\n' || text[e] === '\r';
  if (lineStart && lineEnd) {
    if (text[e] === '\r') e++;
    if (text[e] === '\n') e++;
    return { start: s, end: e, text: '', rule };
  }
  return { start, end: e, text: '', rule };
}

function withBlankLineBefore(text: string, e: Edit): Edit {
  if (e.start > 0 && text[e.start - 1] === '\n') {
    const prev = text.lastIndexOf('\n', e.start - 2);
    if (/^[ \t]*\r?$/.test(text.slice(prev + 1, e.start - 1))) return { ...e, start: prev + 1 };
  }
  return e;
}

function withBlankLineAfter(text: string, e: Edit): Edit {
  if (e.start > 0 && text[e.start - 1] !== '\n') return e;
  const blank = /^[ \t]*\r?\n/.exec(text.slice(e.end, e.end + 200));
  if (!blank) return e;
  const before = text.slice(0, e.start).replace(/\r?\n$/, '');
  const prevLine = before.slice(before.lastIndexOf('\n') + 1);
  return /^[ \t]*$/.test(prevLine) || /\{[ \t]*$/.test(prevLine) ? { ...e, end: e.end + blank[0].length } : e;
}

function importEdit(model: FileModel, imp: ImportDecl, rule: string): Edit {
  return removalEdit(model.text, model.tokens[imp.startToken]!.start, model.tokens[imp.endToken]!.end, rule);
}

/** Does `simple` still occur as a name outside the import and outside the removed ranges? */
function stillUsed(model: FileModel, simple: string, removed: Edit[]): boolean {
  return model.chains.some(
    (c) => !model.declChains.has(c.first) && c.tokens[0]!.value === simple && !removed.some((e) => c.tokens[0]!.start >= e.start && c.tokens[0]!.start < e.end),
  );
}

function findImport(model: FileModel, fqcn: string): ImportDecl | undefined {
  return model.imports.find((i) => !i.chain.wildcard && chainText(i.chain) === fqcn);
}

/** Is this annotation node the given type (by FQN, or by a simple name the file imports)? */
function refersTo(name: string, fqcn: string, model: FileModel): boolean {
  if (name === fqcn) return true;
  const simple = fqcn.slice(fqcn.lastIndexOf('.') + 1);
  if (name !== simple) return false;
  const imported = model.importedNames.get(simple);
  if (imported) return imported === fqcn;
  const pkg = fqcn.slice(0, fqcn.lastIndexOf('.'));
  return model.imports.some((i) => i.chain.wildcard && chainText(i.chain) === pkg);
}

function lineIndent(text: string, offset: number): string {
  let s = offset;
  while (s > 0 && text[s - 1] !== '\n') s--;
  const m = /^[ \t]*/.exec(text.slice(s, offset));
  return m ? m[0] : '';
}

interface Ctx {
  idx: CodeIndex;
  model: FileModel;
  lang: GrammarLang;
  eol: string;
  edits: Edit[];
  findings: FindingInput[];
}

function javaConstructors(typeDecl: Node): Node[] {
  const body = typeDecl.childForFieldName('body');
  return body ? body.namedChildren.filter((n): n is Node => !!n && (n.type === 'constructor_declaration' || n.type === 'compact_constructor_declaration')) : [];
}

const paramCount = (ctor: Node) => ctor.childForFieldName('parameters')?.namedChildren.filter((n) => n?.type === 'formal_parameter' || n?.type === 'spread_parameter').length ?? 0;

const LOMBOK_CONSTRUCTORS = /^(lombok\.)?(NoArgs|AllArgs|RequiredArgs)Constructor$/;

/** The Lombok constructor annotations among a type's modifiers (each generates one constructor). */
function lombokConstructors(modifiers: Node, lang: GrammarLang): string[] {
  return modifiers.namedChildren
    .filter((n): n is Node => !!n && ANNOTATION_TYPES.has(n.type))
    .map((n) => annotationName(n, lang))
    .filter((name) => LOMBOK_CONSTRUCTORS.test(name))
    .map((name) => name.replace(/^lombok\./, ''));
}

function constructorBinding(ctx: Ctx, root: Node): void {
  const { model, lang, idx } = ctx;
  const row = idx.code.constructorBinding;
  const anns = nodesOfType(root, ANNOTATION_TYPES).filter((a) => refersTo(annotationName(a, lang), row.from, model));
  if (!anns.length) return;
  const removed: Edit[] = [];
  let keepsName = false;
  for (const ann of anns) {
    const owner = ann.parent?.type === 'modifiers' ? ann.parent.parent : null;
    const typeLevel = !!owner && (lang === 'java' ? JAVA_TYPE_DECLS.has(owner.type) : owner.type === 'class_declaration');
    if (!typeLevel) {
      keepsName = true; // on a constructor: stays, with the new import
      continue;
    }
    const edit = removalEdit(model.text, ann.startIndex, ann.endIndex, RULE.constructorBinding);
    removed.push(edit);
    ctx.edits.push(edit);
    if (lang !== 'java') continue; // Kotlin binds through the primary constructor
    const ctors = javaConstructors(owner!);
    const generated = lombokConstructors(ann.parent!, lang);
    if (generated.length && ctors.length + generated.length >= 2) {
      // Lombok writes the constructors: none to move the annotation to, and with several Boot 3 binds through setters
      ctx.findings.push({
        rule: RULE.constructorBinding,
        severity: 'warning',
        offset: ann.startIndex,
        message: `@ConstructorBinding removed from a class with several constructors (Lombok @${generated.join(', @')}${ctors.length ? ' and declared ones' : ''}): Boot 3 now binds it through setters; mark the binding constructor, e.g. @AllArgsConstructor(onConstructor_ = @ConstructorBinding) with org.springframework.boot.context.properties.bind.ConstructorBinding`,
        docs: row.docs,
      });
      continue;
    }
    if (ctors.length < 2) continue;
    const annotated = ctors.some((c) => nodesOfType(c, ANNOTATION_TYPES).some((a) => /ConstructorBinding$/.test(annotationName(a, lang))));
    if (annotated) continue;
    // Several constructors and none marked: the widest one is the binding candidate.
    const target = ctors.reduce((a, b) => (paramCount(b) > paramCount(a) ? b : a));
    const indent = lineIndent(model.text, target.startIndex);
    const name = ann.text.includes('.') ? row.to : 'ConstructorBinding';
    ctx.edits.push({ start: target.startIndex, end: target.startIndex, text: `@${name}${ctx.eol}${indent}`, rule: RULE.constructorBinding });
    ctx.findings.push({
      rule: RULE.constructorBinding,
      severity: 'warning',
      offset: target.startIndex,
      message: `@ConstructorBinding moved from the class to this constructor (the one with the most parameters); check it is the constructor to bind`,
      docs: row.docs,
    });
    keepsName = true;
  }
  const imp = findImport(model, row.from);
  if (!imp) return;
  if (keepsName || stillUsed(model, 'ConstructorBinding', removed)) {
    const c = imp.chain;
    ctx.edits.push({ start: c.tokens[0]!.start, end: c.tokens[c.tokens.length - 1]!.end, text: row.to, rule: RULE.constructorBinding });
  } else ctx.edits.push(importEdit(model, imp, RULE.constructorBinding));
}

function removeAnnotations(ctx: Ctx, root: Node): void {
  const { model, lang, idx } = ctx;
  for (const row of idx.code.annotationRemovals) {
    const anns = nodesOfType(root, ANNOTATION_TYPES).filter((a) => refersTo(annotationName(a, lang), row.fqcn, model));
    if (!anns.length) continue;
    const removed: Edit[] = [];
    const simple = row.fqcn.slice(row.fqcn.lastIndexOf('.') + 1);
    for (const ann of anns) {
      const args = hasArguments(ann, lang);
      if (!args) {
        const e = removalEdit(model.text, ann.startIndex, ann.endIndex, RULE.enableBatchProcessing);
        removed.push(e);
        ctx.edits.push(e);
      }
      ctx.findings.push({
        rule: RULE.enableBatchProcessing,
        // removed: done; kept: Boot's batch auto-configuration backs off (no job runs at start-up)
        severity: args ? 'warning' : 'info',
        offset: ann.startIndex,
        message: args
          ? `@${simple} with attributes kept: ${row.message}`
          : `@${simple} removed: ${row.message}`,
        docs: row.docs,
      });
    }
    const imp = findImport(model, row.fqcn);
    if (imp && !stillUsed(model, simple, removed)) ctx.edits.push(importEdit(model, imp, RULE.enableBatchProcessing));
  }
}

/** Cheap token test first: only files naming one of these annotations are parsed. */
const annotationNamesCache = new WeakMap<CodeIndex, ReadonlySet<string>>();
export function needsAnnotations(idx: CodeIndex, model: FileModel): boolean {
  let names = annotationNamesCache.get(idx);
  if (!names) {
    names = new Set([idx.code.constructorBinding.from, ...idx.code.annotationRemovals.map((r) => r.fqcn)].map((f) => f.slice(f.lastIndexOf('.') + 1)));
    annotationNamesCache.set(idx, names);
  }
  return model.chains.some((c) => !model.declChains.has(c.first) && names.has(c.tokens[c.tokens.length - 1]!.value));
}

export function rewriteAnnotations(idx: CodeIndex, model: FileModel, lang: GrammarLang, eol: string, trees?: SharedTrees): AnnotationResult {
  const ctx: Ctx = { idx, model, lang, eol, edits: [], findings: [] };
  withSharedTree(trees, lang, model.text, (tree) => {
    constructorBinding(ctx, tree.rootNode);
    removeAnnotations(ctx, tree.rootNode);
  });
  return { edits: ctx.edits, findings: ctx.findings };
}
