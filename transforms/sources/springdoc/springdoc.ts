// springfox (swagger 2 annotations) -> springdoc 2 (swagger 3 annotations), and the springdoc
// 1 -> 2 type moves. Annotations are rewritten attribute by attribute from the table
// (`@ApiOperation(value = "a", notes = "b")` -> `@Operation(summary = "a", description = "b")`);
// an attribute the table does not map (response = X.class, paramType, dataType, ...) leaves the
// whole file's swagger 2 annotations as they are and is reported: a file half on swagger 2 and
// half on swagger 3 would not compile once springfox is gone. Docket beans, @EnableSwagger2 and
// @ApiIgnore have no one-to-one form: reported with what replaces them.
import type { Edit, FindingInput } from '../../../src/engine/types.js';
import type { Token } from '../../../src/formats/jvm-tokens.js';
import type { AnnotationMapping } from '../../../src/table/sections/libraries.js';
import { buildFilesMatch } from '../../../src/engine/project-text.js';
import { type LibContext, type LibResult, callArgs, emptyResult, importInsertion, importOf, pkgOf, refersToType, removeImport, simpleOf, usedOutside } from '../lib-edits.js';
import { type AnnotationSpan, annotationIs, annotationSpans } from '../lib-declarations.js';
import { chainText } from '../model.js';
import { DOCKET_RULE, migrateDockets } from './springdoc-docket.js';
import { rewriteSpringfoxAnnotations } from './springfox-annotations.js';
import { decideSpringfox, type DryRun, SPRINGFOX_DECISION } from './springfox-switch.js';
import type { RunDecision } from '../../../src/engine/types.js';
import { SPRINGDOC_IN_BUILD } from '../../../src/properties/library-config.js';

export const SPRINGDOC_RULES = {
  annotations: 'springdoc/annotations',
  docket: DOCKET_RULE,
  springfox: 'springdoc/springfox',
  types: 'springdoc/v2-types',
} as const;

const V2_PACKAGE = 'io.swagger.annotations';

interface Planned {
  span: AnnotationSpan;
  row: AnnotationMapping;
}

/** Edits for one annotation, or the reason it cannot be rewritten. */
function annotationEdits(ctx: LibContext, { span, row }: Planned, imports: string[]): Edit[] | string {
  const { tokens } = ctx.model;
  const rule = SPRINGDOC_RULES.annotations;
  const edits: Edit[] = [];
  const newName = span.name.includes('.') ? row.to : simpleOf(row.to);
  edits.push({ start: tokens[span.nameFirst]!.start, end: tokens[span.nameLast]!.end, text: newName, rule });
  const args = span.open !== undefined ? callArgs(tokens, span.open) : [];
  const to = simpleOf(row.to);
  if (!args.length) return to === 'Tag' ? '@Tag needs a name: give @Api tags = "..."' : edits;
  const named = args.every((a) => tokens[a.first]!.type === 'ident' && tokens[a.first + 1]?.value === '=');
  if (!named) {
    // `@Api("x")`: the one unnamed value means the mapping's `value` attribute.
    if (args.length !== 1 || !row.value) return `@${simpleOf(row.from)} with an unnamed value has no counterpart`;
    const target = row.value === 'value' ? undefined : (row.attributes[row.value] ?? row.value);
    const start = tokens[args[0]!.first]!.start;
    if (target) edits.push({ start, end: start, text: `${target} = `, rule });
    if (to === 'Tag') {
      const why = singleTag(tokens, args[0]!.first, args[0]!.last, edits);
      if (why) return why;
    }
    return edits;
  }
  const names = args.map((a) => tokens[a.first]!.value);
  for (const a of args) {
    const attr = tokens[a.first]!.value;
    let target: string | undefined = row.attributes[attr];
    // @Api: `value` is only a tag when no `tags` is given; @ApiModel: `value` is the model name.
    if (to === 'Tag' && attr === 'value') target = names.includes('tags') ? undefined : 'name';
    if (!target) return `attribute '${attr}' of @${simpleOf(row.from)} has no counterpart on @${to}`;
    const valueFirst = a.first + 2;
    const response = row.responses?.[attr];
    if (response) {
      const why = responseEdit(ctx, span, a.first, a.last, response, edits, imports);
      if (why) return why;
      continue;
    }
    if (target !== attr) edits.push({ start: tokens[a.first]!.start, end: tokens[a.first]!.end, text: target, rule });
    const en = row.enums?.[attr];
    if (en) {
      const why = enumEdit(ctx, span, valueFirst, a.last, row, en, edits);
      if (why) return why;
    }
    if (row.quote?.includes(attr)) {
      const v = tokens[valueFirst]!;
      if (valueFirst !== a.last || v.type !== 'number' || !/^\d+$/.test(v.value)) return `${attr} = ${v.value} is not a plain number`;
      edits.push({ start: v.start, end: v.end, text: `"${v.value}"`, rule });
    }
    if (to === 'Tag' && target === 'name') {
      const why = singleTag(tokens, valueFirst, a.last, edits);
      if (why) return why;
    }
  }
  return edits;
}

/**
 * `Old.AccessMode.READ_ONLY` (the old annotation's nested enum, through the annotation's own
 * name) -> `New.AccessMode.READ_ONLY`, for a constant both enums have.
 */
function enumEdit(ctx: LibContext, span: AnnotationSpan, first: number, last: number, row: AnnotationMapping, en: NonNullable<AnnotationMapping['enums']>[string], edits: Edit[]): string | undefined {
  const { tokens } = ctx.model;
  const parts: string[] = [];
  for (let k = first; k <= last; k++) {
    const t = tokens[k]!;
    if ((k - first) % 2 === 0 ? t.type !== 'ident' : t.value !== '.') return `${text(ctx, first, last)} is not a constant of ${simpleOf(en.from)}`;
    if (t.type === 'ident') parts.push(t.value);
  }
  const constant = parts.pop()!;
  const owner = parts.join('.');
  const enumPath = en.from.slice(pkgOf(row.from).length + 1); // ApiModelProperty.AccessMode
  const named = owner === en.from || (owner === enumPath && ctx.model.importedNames.get(simpleOf(row.from)) === row.from);
  if (!named) return `${text(ctx, first, last)} is not written ${enumPath}.<constant> (a static import or a variable is not followed)`;
  if (!en.values.includes(constant)) return `${text(ctx, first, last)} has no counterpart in ${simpleOf(en.to)}`;
  const newOwner = span.name.includes('.') ? en.to : en.to.slice(pkgOf(row.to).length + 1);
  edits.push({ start: tokens[first]!.start, end: tokens[last]!.end, text: `${newOwner}.${constant}`, rule: SPRINGDOC_RULES.annotations });
  return undefined;
}

/** `code = 201` -> `responses = @ApiResponse(responseCode = "201")` (the import of the response annotation when the file needs one). */
function responseEdit(ctx: LibContext, span: AnnotationSpan, first: number, last: number, response: NonNullable<AnnotationMapping['responses']>[string], edits: Edit[], imports: string[]): string | undefined {
  const { tokens, importedNames } = ctx.model;
  const v = tokens[first + 2]!;
  if (first + 2 !== last || v.type !== 'number' || !/^\d+$/.test(v.value)) return `${tokens[first]!.value} = ${text(ctx, first + 2, last)} is not a plain number`;
  const simple = simpleOf(response.annotation);
  const have = importedNames.get(simple);
  // the swagger 2 annotation of that name is rewritten to this one in the same file
  const sameName = have === undefined || have === response.annotation || ctx.libs.springdoc.annotations.some((r) => r.from === have && r.to === response.annotation);
  const name = span.name.includes('.') || !sameName ? response.annotation : simple;
  if (have === undefined && name === simple) imports.push(response.annotation);
  // Kotlin: a nested annotation has no '@', and a named array attribute takes an array literal
  const one = `${name}(${response.member} = "${v.value}")`;
  edits.push({ start: tokens[first]!.start, end: tokens[last]!.end, text: `${response.attribute} = ${ctx.lang === 'kotlin' ? `[${one}]` : `@${one}`}`, rule: SPRINGDOC_RULES.annotations });
  return undefined;
}

const text = (ctx: LibContext, first: number, last: number) => ctx.model.text.slice(ctx.model.tokens[first]!.start, ctx.model.tokens[last]!.end);

/** `{"x"}` (Java) / `["x"]` (Kotlin) -> `"x"` for @Tag(name = ...), which takes one String; several tags cannot map. */
function singleTag(tokens: readonly Token[], first: number, last: number, edits: Edit[]): string | undefined {
  if (tokens[first]!.value !== '{' && tokens[first]!.value !== '[') return undefined;
  if (last !== first + 2 || tokens[first + 1]!.type !== 'string') return 'several tags cannot become one @Tag (use @Tag once per tag)';
  edits.push({ start: tokens[first]!.start, end: tokens[first + 1]!.start, text: '', rule: SPRINGDOC_RULES.annotations });
  edits.push({ start: tokens[first + 1]!.end, end: tokens[last]!.end, text: '', rule: SPRINGDOC_RULES.annotations });
  return undefined;
}

function annotations(ctx: LibContext, out: LibResult): void {
  const { model } = ctx;
  const rows = ctx.libs.springdoc.annotations;
  const planned: Planned[] = [];
  for (const span of annotationSpans(model)) {
    const row = rows.find((r) => annotationIs(model, span, r.from));
    if (row) planned.push({ span, row });
  }
  if (!planned.length) return;
  const wildcard = model.imports.find((i) => i.chain.wildcard && chainText(i.chain) === V2_PACKAGE);
  const blocked: FindingInput[] = [];
  const edits: Edit[] = [];
  const extraImports: string[] = [];
  for (const p of planned) {
    const r = wildcard ? `the file imports ${V2_PACKAGE}.* (replace it by single-type imports first)` : annotationEdits(ctx, p, extraImports);
    if (typeof r === 'string') blocked.push({ rule: SPRINGDOC_RULES.annotations, severity: 'warning', offset: model.tokens[p.span.at]!.start, message: `@${simpleOf(p.row.from)} not rewritten: ${r}; springdoc uses @${simpleOf(p.row.to)} (${p.row.to})`, docs: p.row.source });
    else edits.push(...r);
  }
  if (blocked.length) {
    out.findings.push(...blocked);
    if (planned.length > blocked.length)
      out.findings.push({ rule: SPRINGDOC_RULES.annotations, severity: 'info', offset: model.tokens[planned[0]!.span.at]!.start, message: 'swagger 2 annotations of this file left as they are, so that the file does not mix swagger 2 and 3 (see the findings above)', docs: planned[0]!.row.source });
    return;
  }
  out.edits.push(...edits);
  out.imports.push(...extraImports);
  // Imports: same simple name -> the import is rewritten in place; otherwise old out, new in.
  for (const row of new Map(planned.map((p) => [p.row.from, p.row])).values()) {
    const imp = importOf(model, row.from);
    if (!imp) continue;
    if (simpleOf(row.from) === simpleOf(row.to)) {
      const c = imp.chain;
      out.edits.push({ start: c.tokens[0]!.start, end: c.tokens[c.tokens.length - 1]!.end, text: row.to, rule: SPRINGDOC_RULES.annotations });
      continue;
    }
    if (!usedOutside(model, simpleOf(row.from), edits)) out.edits.push(removeImport(model, imp, SPRINGDOC_RULES.annotations));
    out.imports.push(row.to);
  }
  for (const p of planned) if (!importOf(model, p.row.from) && !p.span.name.includes('.') && pkgOf(p.row.from) !== pkgOf(p.row.to)) out.imports.push(p.row.to);
}

/** Docket, @EnableSwagger2, @ApiIgnore & co: reported where the file names them. */
function springfox(ctx: LibContext, out: LibResult, handled: readonly string[]): void {
  const { model } = ctx;
  for (const row of ctx.libs.springdoc.reported) {
    if (handled.includes(row.name) || !refersToType(model, row.name)) continue;
    const simple = simpleOf(row.name);
    const imp = importOf(model, row.name);
    const uses = model.tokens.filter((t, k) => t.type === 'ident' && t.value === simple && model.tokens[k - 1]?.value !== '.');
    const at = uses.find((t) => !imp || t.start > model.tokens[imp.endToken]!.end) ?? uses[0];
    out.findings.push({ rule: SPRINGDOC_RULES.springfox, severity: 'warning', offset: at?.start ?? 0, message: `${simple} (springfox) has no springdoc counterpart of the same shape: ${row.replacement}`, docs: row.source });
  }
}

/** springdoc 1 -> 2: types that moved package (and OpenApiCustomiser -> OpenApiCustomizer). */
function v2Types(ctx: LibContext, out: LibResult): void {
  const { model } = ctx;
  for (const row of ctx.libs.springdoc.types) {
    const imp = importOf(model, row.from);
    if (!imp) continue;
    const c = imp.chain;
    out.edits.push({ start: c.tokens[0]!.start, end: c.tokens[c.tokens.length - 1]!.end, text: row.to, rule: SPRINGDOC_RULES.types });
    const from = simpleOf(row.from);
    const to = simpleOf(row.to);
    if (from === to) continue;
    model.tokens.forEach((t, k) => {
      if (t.type === 'ident' && t.value === from && model.tokens[k - 1]?.value !== '.' && (k < imp.startToken || k > imp.endToken))
        out.edits.push({ start: t.start, end: t.end, text: to, rule: SPRINGDOC_RULES.types });
    });
  }
}

/**
 * The swagger 3 annotations and springdoc 2 packages exist only with springdoc on the classpath:
 * a build file must name springdoc (1.x is moved to 2.x by the build transform) or swagger-core
 * 2.x annotations. Without that evidence (springfox 2 only, or no build file read) nothing moves.
 */
function springdocInBuild(ctx: LibContext): boolean {
  return buildFilesMatch(ctx.project, SPRINGDOC_IN_BUILD);
}

export function migrateSpringdoc(ctx: LibContext): LibResult {
  const out = emptyResult();
  const switching = ctx.springfoxSwitch === true;
  const inBuild = switching || springdocInBuild(ctx);
  annotations(ctx, out);
  const handled = migrateDockets(ctx, out) ? [ctx.libs.springdoc.docket.docket] : [];
  if (switching) handled.push(...rewriteSpringfoxAnnotations(ctx, out));
  springfox(ctx, out, handled);
  v2Types(ctx, out);
  if (inBuild || !out.edits.length) return out;
  const first = out.edits.reduce((a, b) => (b.start < a.start ? b : a));
  return {
    edits: [],
    imports: [],
    owned: [],
    findings: [
      ...out.findings,
      {
        rule: first.rule,
        severity: 'warning',
        offset: first.start,
        message: `swagger 2 / springdoc 1 code not rewritten: no build file read in this run names springdoc (org.springdoc:springdoc-openapi-starter-webmvc-ui 2.x), so the swagger 3 annotations and springdoc 2 packages may not be on the classpath${ctx.springfoxKept ? `; springfox was not replaced by springdoc because ${ctx.springfoxKept}` : ''}; add springdoc and run again`,
        docs: ctx.libs.springdoc.annotations[0]!.source,
      },
    ],
  };
}

/**
 * The run's one springfox -> springdoc decision (springfox-switch.ts), made by the engine before
 * the passes: it rewrites every source that uses springfox dry, as this module would with the
 * switch on, imports included.
 */
export const springfoxRunDecision: RunDecision = {
  id: SPRINGFOX_DECISION,
  decide(ctx) {
    const libs = ctx.table.libraries;
    if (!libs) return { on: false, why: 'the table has no library rows' };
    const dryRun: DryRun = (lib) => {
      const r = migrateSpringdoc({ ...lib, springfoxSwitch: true });
      const conflicts = importInsertion(lib.model, lib.lang, lib.eol, r.imports, SPRINGDOC_RULES.annotations).conflicts;
      return { edits: r.edits, blocked: conflicts.length > 0 || r.findings.some((f) => f.severity !== 'info') };
    };
    return decideSpringfox(ctx, dryRun, { libs, project: ctx.project }, [SPRINGDOC_RULES.annotations, SPRINGDOC_RULES.docket, SPRINGDOC_RULES.springfox]);
  },
};
