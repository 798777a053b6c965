// Hibernate 6 in sources: `@Type(type = "...")` and `@TypeDef` are gone, hibernate-types moved to
// hypersistence-utils. The replacement depends on the mapped column (a converter, a JDBC type
// code, a UserType class), so each use is reported at its line with the Hibernate 6 form the
// table gives for that type name. The names whose Hibernate 6 form maps the column exactly the
// same way (the boolean converters, the UUID JDBC type codes) are rewritten.
import type { TypeRewrite } from '../../../src/table/sections/libraries.js';
import { type LibContext, type LibResult, callArgs, emptyResult, importOf, pkgOf, removeImport, simpleOf, usedOutside } from '../lib-edits.js';
import { type AnnotationSpan, annotationIs, annotationSpans } from '../lib-declarations.js';
import { stringValue } from '../../../src/formats/jvm-strings.js';
import { chainText } from '../model.js';

export const HIBERNATE_RULES = { types: 'hibernate6/type-annotations', hypersistence: 'hibernate6/hypersistence' } as const;

const TYPE = 'org.hibernate.annotations.Type';

/** The string given to `type = "..."` in a @Type annotation, if any. */
function typeName(ctx: LibContext, span: ReturnType<typeof annotationSpans>[number]): string | undefined {
  const { tokens, text } = ctx.model;
  if (span.open === undefined) return undefined;
  for (const a of callArgs(tokens, span.open)) {
    if (tokens[a.first]!.value !== 'type' || tokens[a.first + 1]?.value !== '=' || a.last !== a.first + 2) continue;
    const v = tokens[a.last]!;
    return v.type === 'string' ? stringValue(text, v, ctx.lang) : undefined;
  }
  return undefined;
}

/** `@TypeDef(name = "alias", typeClass = X.class)` in the file: alias -> `X.class` as written. */
function typeDefs(ctx: LibContext, spans: ReturnType<typeof annotationSpans>): Map<string, string> {
  const { tokens, text } = ctx.model;
  const out = new Map<string, string>();
  for (const span of spans) {
    if (!annotationIs(ctx.model, span, 'org.hibernate.annotations.TypeDef') || span.open === undefined) continue;
    let name: string | undefined;
    let cls: string | undefined;
    for (const a of callArgs(tokens, span.open)) {
      const key = tokens[a.first]!.value;
      if (tokens[a.first + 1]?.value !== '=') continue;
      const v = tokens[a.first + 2]!;
      if (key === 'name' && v.type === 'string') name = stringValue(text, v, ctx.lang);
      if (key === 'typeClass') cls = text.slice(v.start, tokens[a.last]!.end);
    }
    if (name && cls) out.set(name, cls);
  }
  return out;
}

/** The concrete Hibernate 6 form of `@Type(type = name)` when the name says which class it is. */
function classForm(name: string, defs: Map<string, string>): string | undefined {
  const def = defs.get(name);
  if (def) return `@Type(${def.replace(/^com\.vladmihalcea\.hibernate\.type\./, 'io.hypersistence.utils.hibernate.type.')})`;
  return /^[a-z_$][\w$]*(\.[\w$]+)+$/i.test(name) && /\.[A-Z]/.test(name) ? `@Type(${name.slice(name.lastIndexOf('.') + 1)}.class) (import ${name})` : undefined;
}

/**
 * `@Type(type = "yes_no")` -> `@Convert(converter = YesNoConverter.class)`: only when `type` is the
 * annotation's one attribute (`parameters` have no counterpart on the new annotation).
 */
function rewriteType(ctx: LibContext, span: AnnotationSpan, rewrite: TypeRewrite, out: LibResult): boolean {
  const { tokens } = ctx.model;
  if (span.open === undefined || callArgs(tokens, span.open).length !== 1) return false;
  const qualified = span.name.includes('.');
  const name = (fq: string) => (qualified ? fq : simpleOf(fq));
  const value =
    rewrite.valueKind === 'class'
      ? `${name(rewrite.value)}${ctx.lang === 'kotlin' ? '::class' : '.class'}`
      : `${name(pkgOf(rewrite.value))}.${simpleOf(rewrite.value)}`;
  const args = rewrite.attribute ? `${rewrite.attribute} = ${value}` : value;
  // From the name on: a Kotlin use-site target (`@field:`) stays.
  out.edits.push({ start: tokens[span.nameFirst]!.start, end: tokens[span.end]!.end, text: `${name(rewrite.annotation)}(${args})`, rule: HIBERNATE_RULES.types });
  if (!qualified) out.imports.push(rewrite.annotation, rewrite.valueKind === 'class' ? rewrite.value : pkgOf(rewrite.value));
  return true;
}

/** The `@Type` import once no `@Type` is left in the file. */
function dropTypeImport(ctx: LibContext, out: LibResult): void {
  const imp = importOf(ctx.model, TYPE);
  if (imp && out.edits.length && !usedOutside(ctx.model, 'Type', out.edits)) out.edits.push(removeImport(ctx.model, imp, HIBERNATE_RULES.types));
}

export function migrateHibernate(ctx: LibContext): LibResult {
  const out = emptyResult();
  const { model } = ctx;
  const rows = ctx.libs.hibernate;
  const spans = annotationSpans(model);
  const defs = typeDefs(ctx, spans);
  const reported = new Map(rows.reported.map((r) => [r.name, r]));
  for (const span of spans) {
    const at = model.tokens[span.at]!.start;
    if (annotationIs(model, span, TYPE)) {
      const name = typeName(ctx, span);
      if (name === undefined) continue; // @Type(MyType.class): already the Hibernate 6 form
      const row = rows.types.find((t) => t.names.includes(name));
      if (row?.rewrite && rewriteType(ctx, span, row.rewrite, out)) {
        out.findings.push({ rule: HIBERNATE_RULES.types, severity: 'info', offset: at, message: `@Type(type = "${name}") -> ${row.replacement.replace(/ \(.*$/, '')}: Hibernate 6 maps the column the same way`, docs: row.source });
        continue;
      }
      const general = reported.get(TYPE)!;
      out.findings.push({
        rule: HIBERNATE_RULES.types,
        severity: 'error',
        offset: at,
        message: row
          ? `@Type(type = "${name}") does not compile with Hibernate 6: use ${row.replacement}`
          : `@Type(type = "${name}") does not compile with Hibernate 6: ${classForm(name, defs) ? `use ${classForm(name, defs)}` : general.replacement}`,
        docs: row?.source ?? general.source,
      });
      continue;
    }
    for (const fq of ['org.hibernate.annotations.TypeDef', 'org.hibernate.annotations.TypeDefs']) {
      if (!annotationIs(model, span, fq)) continue;
      const row = reported.get(fq)!;
      out.findings.push({ rule: HIBERNATE_RULES.types, severity: 'error', offset: at, message: `@${span.name} ${row.replacement}`, docs: row.source });
    }
  }
  const moved = [...reported.values()].find((r) => r.name === 'com.vladmihalcea.hibernate.type');
  if (moved) {
    for (const imp of model.imports) {
      const name = chainText(imp.chain);
      if (name === moved.name || name.startsWith(moved.name + '.'))
        out.findings.push({ rule: HIBERNATE_RULES.hypersistence, severity: 'error', offset: model.tokens[imp.startToken]!.start, message: `${name}: hibernate-types does not support Hibernate 6; use ${moved.replacement}`, docs: moved.source });
    }
  }
  dropTypeImport(ctx, out);
  return out;
}
